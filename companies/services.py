"""Writes of the tenant root: API clients, their keys, companies."""

from dataclasses import dataclass
from uuid import UUID

from django.db import IntegrityError, transaction
from django.db.models import QuerySet
from django.utils import timezone

from companies import keys, webhooks
from companies.models import ApiClient, ApiKey, Company, Event, IdempotencyKey, new_webhook_secret
from companies.retention import idempotency_keys_expired
from companies.selectors import (
    EVENT_NOT_FOUND,
    INVALID_COMPANY_CODE,
    company_get_for_update,
    credential_distrust,
    event_list,
)
from config.kernel.errors import Conflict, NotFound, ServiceError

COMPANY_CODE_TAKEN = "companyCode already exists"


@transaction.atomic
def api_client_create(*, name: str) -> tuple[ApiClient, str]:
    """A new API client with its first key. The raw key is returned once and never stored."""
    try:
        with transaction.atomic():
            client = ApiClient.objects.create(name=name)
    except IntegrityError as error:
        raise Conflict(f"An API client named {name!r} already exists") from error
    _, raw_key = api_key_issue(client=client)
    return client, raw_key


@transaction.atomic
def api_key_issue(*, client: ApiClient) -> tuple[ApiKey, str]:
    material = keys.generate_key()
    key = ApiKey.objects.create(
        client=client, prefix=material.prefix, hashed_key=material.hashed_key
    )
    return key, material.raw_key


@transaction.atomic
def api_key_revoke(*, key: ApiKey) -> ApiKey:
    """Refuse this key from now on. Revoking a revoked key keeps its first revocation time."""
    ApiKey.objects.filter(pk=key.pk, revoked_at__isnull=True).update(revoked_at=timezone.now())
    key.refresh_from_db(fields=["revoked_at"])
    # Forgotten once the revocation is committed: a request of this process reading the key
    # before then would trust it again. Other processes refuse it within
    # selectors.KEY_TRUSTED_SECONDS.
    transaction.on_commit(lambda: credential_distrust(hashed_key=key.hashed_key))
    return key


def api_client_distrust(*, client: ApiClient) -> None:
    """The client's keys read again by this process once the caller's change to the client
    commits (made inactive or deleted in the back office), as a revoked key is; other
    processes within selectors.KEY_TRUSTED_SECONDS."""
    hashed_keys = list(client.keys.values_list("hashed_key", flat=True))
    transaction.on_commit(lambda: [credential_distrust(hashed_key=key) for key in hashed_keys])


@transaction.atomic
def api_clients_delete(*, clients: QuerySet[ApiClient]) -> None:
    """Delete the clients (the back office's delete, one or several): one transaction, so
    their keys are forgotten by this process only once the delete has committed, not before
    it, when a request could still trust them again for KEY_TRUSTED_SECONDS."""
    for client in clients:
        api_client_distrust(client=client)
    clients.delete()


def company_create(
    *,
    api_client: ApiClient,
    name: str,
    code: str,
    country_code: str | None = None,
    abm_code: str | None = None,
    webhook_url: str | None = None,
    legal_number: str | None = None,
    contact_email: str | None = None,
    phone: str | None = None,
) -> Company:
    """A company managed by `api_client`. Codes are unique across all clients; the database
    decides between two requests for the same code, and the loser gets a 409."""
    try:
        with transaction.atomic():
            return Company.objects.create(
                api_client=api_client,
                name=name,
                code=code.upper(),
                country_code=country_code,
                abm_code=abm_code,
                webhook_url=webhook_url,
                legal_number=legal_number,
                contact_email=contact_email,
                phone=phone,
            )
    except IntegrityError as error:
        if Company.objects.filter(code=code.upper()).exists():
            raise Conflict(COMPANY_CODE_TAKEN) from error
        raise


# What a client may change on a company after creating it.
UPDATABLE_COMPANY_FIELDS = (
    "name",
    "abm_code",
    "webhook_url",
    "require_change_reason",
    "complete_on_delivery",
    "wipe_on_return",
)


@transaction.atomic
def company_update(*, api_client: ApiClient, code: str, changes: dict) -> Company:
    """Apply `changes` (a subset of UPDATABLE_COMPANY_FIELDS) to the client's company."""
    company = company_get_for_update(api_client=api_client, code=code)
    fields = [field for field in UPDATABLE_COMPANY_FIELDS if field in changes]
    for field in fields:
        setattr(company, field, changes[field])
    if fields:
        company.save(update_fields=[*fields, "updated_at"])
    return company


@transaction.atomic
def company_webhook_secret_rotate(*, api_client: ApiClient, code: str) -> Company:
    """A new signing secret for the client's company: webhooks are signed with it from now on,
    including retries of events signed with the old one before."""
    company = company_get_for_update(api_client=api_client, code=code)
    company.webhook_secret = new_webhook_secret()
    company.save(update_fields=["webhook_secret", "updated_at"])
    return company


@dataclass(frozen=True, kw_only=True)
class CompanyDetails:
    """An inline `company` object as the client sends it (offboarding, order quotes), checked
    for format by its serializer."""

    name: str
    code: str
    country_code: str | None = None
    abm_code: str | None = None
    legal_number: str | None = None
    contact_email: str | None = None
    phone: str | None = None


@transaction.atomic
def company_create_or_update(*, api_client: ApiClient, details: CompanyDetails) -> Company:
    """An inline `company` object (offboarding, order quotes): a new company of `api_client`,
    or, when the client already has one with this code, that one with its name (and ABM code,
    legal number, contact e-mail and phone, when given) updated; its country stays, as
    PATCH /companies keeps it. A code of another client's company is refused like an unknown
    code, so nothing reveals that it is taken."""
    code = details.code
    company = Company.objects.select_for_update().filter(code=code.upper()).first()
    optional = {
        "abm_code": details.abm_code,
        "legal_number": details.legal_number,
        "contact_email": details.contact_email,
        "phone": details.phone,
    }
    if company is None:
        try:
            return company_create(
                api_client=api_client,
                name=details.name,
                code=code,
                country_code=details.country_code,
                **optional,
            )
        except Conflict:
            # A concurrent request created it first; it is updated like any existing one.
            company = Company.objects.select_for_update().get(code=code.upper())
    if company.api_client_id != api_client.id:
        raise ServiceError(INVALID_COMPANY_CODE)
    changes = {"name": details.name} | {
        field: value for field, value in optional.items() if value is not None
    }
    for field, value in changes.items():
        setattr(company, field, value)
    company.save(update_fields=[*changes, "updated_at"])
    return company


# --- Idempotency-Key (docs/decisions/0040-idempotency-keys.md) ---------------------------------

IDEMPOTENCY_KEY_MISMATCH = "Idempotency-Key has already been used for a different request"
IDEMPOTENCY_KEY_IN_PROGRESS = "A request with this Idempotency-Key is still being processed"


def idempotency_key_claim(*, api_client: ApiClient, key: str, fingerprint: str) -> IdempotencyKey:
    """Claim `key` for a request of `api_client` with `fingerprint`, committed before the request
    runs: the new row, unanswered. A key already claimed is the database's to decide: its stored
    answer when the same request was answered (a row with `status_code`), 422 for another
    request, 409 while the first is still running."""
    with transaction.atomic():
        idempotency_keys_expired().filter(api_client=api_client, key=key).delete()
    try:
        with transaction.atomic():
            return IdempotencyKey.objects.create(
                api_client=api_client, key=key, fingerprint=fingerprint
            )
    except IntegrityError:
        pass
    stored = IdempotencyKey.objects.filter(api_client=api_client, key=key).first()
    if stored is not None and stored.fingerprint != fingerprint:
        raise ServiceError(IDEMPOTENCY_KEY_MISMATCH, status_code=422)
    if stored is None or stored.status_code is None:  # released meanwhile, or still running
        raise Conflict(IDEMPOTENCY_KEY_IN_PROGRESS)
    return stored


def idempotency_key_answer(
    *, claimed: IdempotencyKey, status_code: int, content_type: str, location: str, body: bytes
) -> None:
    """Keep the final answer of the claimed key's request; a 5xx is not kept, so that a retry
    runs again."""
    if status_code >= 500:
        idempotency_key_release(claimed=claimed)
        return
    claimed.status_code, claimed.content_type, claimed.body = status_code, content_type, body
    claimed.location = location
    claimed.save(update_fields=["status_code", "content_type", "location", "body"])


def idempotency_key_release(*, claimed: IdempotencyKey) -> None:
    """Free a claimed key whose request failed, so that a retry runs again."""
    IdempotencyKey.objects.filter(pk=claimed.pk).delete()


# --- the event feed (docs/decisions/0042-event-feed.md) ---------------------------------------

COMPANY_HAS_NO_WEBHOOK_URL = "Company has no webhookUrl"
EVENT_BEING_ATTEMPTED = "Event is being sent right now; ask again once that attempt ends"
WEBHOOK_TEST = "webhook.test"


@transaction.atomic
def event_redeliver(*, company: Company, event_id: UUID) -> Event:
    """Send the company's event again from the start of the retry schedule, with the same id
    (the `webhook-id` receivers deduplicate by), through the redelivery the admin action and
    `manage.py redeliver_events` use (companies.webhooks.event_redeliver). Refused while the
    company has no webhook URL, and while a worker is sending it right now."""
    event = event_list(company=company).filter(pk=event_id).first()
    if event is None:
        raise NotFound(EVENT_NOT_FOUND)
    if not company.webhook_url:
        raise ServiceError(COMPANY_HAS_NO_WEBHOOK_URL)
    if not webhooks.event_redeliver(event=event):
        raise Conflict(EVENT_BEING_ATTEMPTED)
    return event


@transaction.atomic
def company_webhook_test(*, api_client: ApiClient, code: str) -> Event:
    """A `webhook.test` event for the client's company, recorded through the outbox as every
    event is (companies.webhooks.event_record): handed to the workers at commit, signed, retried
    on the usual schedule, and listed in the feed. Its `data` names the company and the URL it
    was sent to. Another client's company is not found, as on webhook-secret; a company
    without a webhook URL is refused, since nothing would be sent."""
    company = company_get_for_update(api_client=api_client, code=code)
    if not company.webhook_url:
        raise ServiceError(COMPANY_HAS_NO_WEBHOOK_URL)
    return webhooks.event_record(
        company=company,
        kind=WEBHOOK_TEST,
        payload={"companyCode": company.code, "webhookUrl": company.webhook_url},
    )
