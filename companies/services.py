"""Writes of the tenant root: API clients, their keys, companies."""

from dataclasses import dataclass

from django.db import IntegrityError, transaction
from django.utils import timezone

from companies import keys
from companies.models import ApiClient, ApiKey, Company, IdempotencyKey, new_webhook_secret
from companies.selectors import INVALID_COMPANY_CODE, company_get_for_update
from config.errors import Conflict, ServiceError

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
    return key


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
UPDATABLE_COMPANY_FIELDS = ("name", "abm_code", "webhook_url")


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


def purge_expired_idempotency_keys() -> int:
    """Delete the Idempotency-Keys older than their lifetime (24 hours); how many went."""
    oldest_kept = timezone.now() - IdempotencyKey.LIFETIME
    deleted, _ = IdempotencyKey.objects.filter(created_at__lt=oldest_kept).delete()
    return deleted
