"""Reads of the tenant root. Every company read is scoped to the calling API client, but the
operator's (`company_get_by_code`: the data fix commands work on any company)."""

import re
import secrets
from collections.abc import Mapping
from datetime import timedelta
from time import monotonic
from uuid import UUID

from django.conf import settings
from django.db.models import OuterRef, Q, QuerySet, Subquery
from django.utils import timezone

from companies import keys
from companies.answers import EventAttemptSerializer, EventDeliverySerializer
from companies.filters import EventFilter
from companies.models import ApiClient, ApiKey, Company, Event, EventAttempt, EventState, ScimToken
from companies.webhooks.leases import attempt_in_flight
from config.kernel.errors import NotFound, ServiceError
from config.kernel.filtering import apply_filters
from config.kernel.keyset import WHOLE_LIST, Keyset, Page
from config.kernel.rows import Nested, Row

INVALID_COMPANY_CODE = "Invalid company code"
COMPANY_CODE_PATTERN = re.compile(r"[A-Z0-9]{3}")
# A key's last-used time is refreshed at most this often, so reads do not write every time.
LAST_USED_RESOLUTION = timedelta(minutes=1)
# A credential (an API key, a SCIM token) found live is trusted this long by the process that
# read it, which then reads it again: one revoked or replaced (or its client deactivated) is
# refused everywhere within these seconds, at once by the process that revoked it. Reading it
# was a third of a small request's time.
KEY_TRUSTED_SECONDS = 5
# Credentials trusted by one process at most (a client has a few; this bound is never reached in
# use): beyond it the trust of all is dropped, and each is read again.
MAX_TRUSTED_KEYS = 10_000
# Hash of a raw credential -> (monotonic time its trust ends, the credential as read).
_trusted_keys: dict[str, tuple[float, ApiKey | ScimToken]] = {}
# The list's order (Company.Meta.ordering; codes are unique): it pages by it. A name can change,
# so a company renamed while a client walks the pages may be answered twice or not at all; a
# client's companies are few, and their order by name is what people read them in.
COMPANIES = Keyset("companies", ("name", "code"))


def api_key_authenticate(*, raw_key: str) -> ApiKey | None:
    """The live key `raw_key` is, with its client, or None when unknown, revoked or inactive.
    A key found live is trusted without being read again for KEY_TRUSTED_SECONDS."""
    return _trusted_read(raw_key, _api_key_read, ApiKey)


def credential_distrust(*, hashed_key: str) -> None:
    """This process reads the credential again at its next use (it was just revoked here)."""
    _trusted_keys.pop(hashed_key, None)


def _trusted_read(raw: str, read, kind: type):
    """`read(raw, its hash)`, or what it answered less than KEY_TRUSTED_SECONDS ago if that is
    a credential of this `kind`: a SCIM token is no API key, even trusted, and the other way
    round."""
    hashed_key = keys.hash_key(raw)
    trusted = _trusted_keys.get(hashed_key)
    now = monotonic()
    if trusted is not None and now < trusted[0] and isinstance(trusted[1], kind):
        return trusted[1]
    credential = read(raw, hashed_key)
    if credential is None:
        _trusted_keys.pop(hashed_key, None)
        return None
    if len(_trusted_keys) >= MAX_TRUSTED_KEYS:
        _trusted_keys.clear()
    _trusted_keys[hashed_key] = (now + KEY_TRUSTED_SECONDS, credential)
    return credential


def _api_key_read(raw_key: str, hashed_key: str) -> ApiKey | None:
    prefix = keys.prefix_of(raw_key)
    if prefix is None:
        return None
    # One indexed read (the prefix is unique), with the client.
    key = (
        ApiKey.objects.select_related("client")
        .filter(prefix=prefix, revoked_at__isnull=True, client__is_active=True)
        .first()
    )
    if key is None or not secrets.compare_digest(hashed_key, key.hashed_key):
        return None
    now = timezone.now()
    if key.last_used_at is None or now - key.last_used_at > LAST_USED_RESOLUTION:
        ApiKey.objects.filter(pk=key.pk).update(last_used_at=now)
        key.last_used_at = now
    return key


def scim_token_authenticate(*, raw_token: str) -> ScimToken | None:
    """The company's current SCIM token `raw_token` is, with its company, or None when unknown,
    replaced, revoked, or its company's API client is inactive. Trusted, once found, for
    KEY_TRUSTED_SECONDS as API keys are (an initial sync is thousands of requests); the process
    that replaces or revokes it refuses it at once (0085)."""
    return _trusted_read(raw_token, _scim_token_read, ScimToken)


def _scim_token_read(raw_token: str, hashed_key: str) -> ScimToken | None:
    prefix = keys.prefix_of(raw_token, keys.SCIM_TOKEN_SCHEME)
    if prefix is None:
        return None
    token = (
        ScimToken.objects.select_related("company")
        .filter(prefix=prefix, company__api_client__is_active=True)
        .first()
    )
    if token is None or not secrets.compare_digest(hashed_key, token.hashed_key):
        return None
    now = timezone.now()
    if token.last_used_at is None or now - token.last_used_at > LAST_USED_RESOLUTION:
        ScimToken.objects.filter(pk=token.pk).update(last_used_at=now)
        token.last_used_at = now
    return token


def company_list(*, api_client: ApiClient) -> QuerySet[Company]:
    return Company.objects.filter(api_client=api_client)


def company_rows(
    *, api_client: ApiClient, columns: Mapping[str, str], page: Page = WHOLE_LIST
) -> list[dict]:
    """The client's companies as the list answers them, read as rows of `columns` (output name
    -> column, in the answer's order), with the page's key columns."""
    companies = page.narrow(company_list(api_client=api_client).order_by(*COMPANIES.order))
    names = (*columns, *page.columns)
    rows = companies.values_list(*columns.values(), *page.columns.values())
    return [dict(zip(names, row, strict=True)) for row in rows]


def _code_possible(code: str) -> str | None:
    """`code` as companies' codes are written, or None for a code no company could have,
    which is never sent to the database (a NUL byte there is an error, not a miss)."""
    code = code.strip().upper()
    return code if COMPANY_CODE_PATTERN.fullmatch(code) else None


def _managed_with_code(api_client: ApiClient, code: str) -> QuerySet[Company]:
    """The client's companies with this code: none for a code no company could have."""
    code = _code_possible(code)
    if code is None:
        return Company.objects.none()
    return company_list(api_client=api_client).filter(code=code)


def company_get_managed(
    *, api_client: ApiClient, code: str, message: str = INVALID_COMPANY_CODE
) -> Company:
    """The client's company with this code. Unknown codes and other clients' companies get
    the same refusal, so nothing reveals that a code is taken elsewhere."""
    company = _managed_with_code(api_client, code).first()
    if company is None:
        raise ServiceError(message)
    return company


def company_managed_or_none(*, api_client: ApiClient, code: str) -> Company | None:
    """The client's company with this code, or None (no refusal: the caller decides)."""
    return _managed_with_code(api_client, code).first()


def company_get_for_update(*, api_client: ApiClient, code: str) -> Company:
    """The client's company with this code, locked for the rest of the transaction."""
    company = _managed_with_code(api_client, code).select_for_update().first()
    if company is None:
        raise NotFound("Company not found")
    return company


def company_get_by_code(*, code: str) -> Company:
    """The company with this code, as an operator names it in a command (any company: the
    operator works for all of them). Refused naming the code when no company has it."""
    possible = _code_possible(code)
    company = Company.objects.filter(code=possible).first() if possible else None
    if company is None:
        raise NotFound(f"No company has the code {code.strip()}")
    return company


def events_redeliverable(events: QuerySet[Event]) -> QuerySet[Event]:
    """Of `events`, those an operator can send again: their company has a webhook URL now (an
    event recorded while it had none, NO_ENDPOINT, is sent once it has one), and no worker is
    attempting it right now."""
    return (
        events.exclude(company__webhook_url__isnull=True)
        .exclude(company__webhook_url="")
        .exclude(attempt_in_flight())
    )


# --- the event feed (docs/decisions/0042-event-feed.md) ---------------------------------------

EVENT_NOT_FOUND = "Event not found"
ATTEMPT_INTERRUPTED = "Interrupted: its worker stopped before an answer came"
# Newest first; the index event_company_feed serves it for one company.
EVENTS = Keyset("events", ("-created_at", "-id"))
# The `msg_...` id of the webhooks (Event.webhook_id): the one way a client names an event.
WEBHOOK_ID = re.compile(r"msg_([0-9a-f]{32})")
DELIVERY = Nested("delivery", EventDeliverySerializer)
ATTEMPT = Row(EventAttemptSerializer)
ATTEMPT_FIELDS = tuple(EventAttemptSerializer().fields)


def event_list(*, company: Company) -> QuerySet[Event]:
    return Event.objects.filter(company=company)


def event_id_from_webhook_id(webhook_id: str) -> UUID:
    """The id of the event a `msg_<32 hex digits>` id names; any other value names none."""
    match = WEBHOOK_ID.fullmatch(webhook_id)
    if match is None:
        raise NotFound(EVENT_NOT_FOUND)
    return UUID(hex=match.group(1))


def event_rows(
    *,
    company: Company,
    filters: Mapping | None = None,
    page: Page = WHOLE_LIST,
    event_id: UUID | None = None,
) -> list[dict]:
    """The company's events, newest first, each as its webhook's body (the payload it was
    sent with, untouched) and its `delivery`, in one query. `filters` are the EventFilter
    criteria (`type`, `since`); `page` the part of the list asked for."""
    events = apply_filters(EventFilter, event_list(company=company), filters)
    if event_id is not None:
        events = events.filter(pk=event_id)
    last_attempt = EventAttempt.objects.filter(event=OuterRef("pk")).order_by("-attempted_at")
    events = events.order_by(*EVENTS.order).annotate(
        last_attempt_at=Subquery(last_attempt.values("attempted_at")[:1])
    )
    rows = list(page.narrow(events).values("payload", **DELIVERY.expressions, **page.columns))
    # What is left of a row after its payload and delivery are its page key, for the paging.
    return [{**row.pop("payload"), "delivery": DELIVERY.take(row), **row} for row in rows]


def event_row(*, company: Company, event_id: UUID) -> dict:
    """One event of the company, as in the feed, with every attempt at it, oldest first."""
    rows = event_rows(company=company, event_id=event_id)
    if not rows:
        raise NotFound(EVENT_NOT_FOUND)
    attempts = EventAttempt.objects.filter(event_id=event_id).order_by("attempted_at", "id")
    attempts = list(ATTEMPT.values(attempts, "finished_at", "leased_until"))
    for attempt in attempts:
        if EventAttempt.was_interrupted(attempt.pop("finished_at"), attempt.pop("leased_until")):
            attempt["error"] = attempt["error"] or ATTEMPT_INTERRUPTED
        attempt["error"] = attempt["error"] or None
    # In the serializer's order (`at` first), not the order .values() reads them in.
    shown = [{name: attempt[name] for name in ATTEMPT_FIELDS} for attempt in attempts]
    return {**rows[0], "attempts": shown}


# The back office's dashboard (registered by companies.apps) and the events' list filter: the
# operator sees every company's events.


def events_failing(events: QuerySet[Event]) -> QuerySet[Event]:
    """Events every attempt of which failed (or whose receiver said it is gone)."""
    return events.filter(state=EventState.FAILED)


def events_retrying(events: QuerySet[Event]) -> QuerySet[Event]:
    """Events still to be delivered after a failed attempt: a worker retries them at their
    next attempt time."""
    return events.filter(state=EventState.PENDING, attempts__gt=0)


def events_about_number(events: QuerySet[Event], number: int) -> QuerySet[Event]:
    """The events about the order or the movement request numbered `number` (their payload's
    `data` is the resource as GET shows it; both indexed, companies.Event)."""
    return events.filter(
        Q(payload__data__orderNumber=number) | Q(payload__data__movementRequestNumber=number)
    )


def event_state_description(event: Event) -> str:
    """What will happen to the event, said honestly: without a worker (no REDIS_URL, as with
    `make run`) the first attempt runs in-process after the commit and nothing ever retries."""
    if event.state != EventState.PENDING:
        return event.get_state_display()
    if not settings.CELERY_TASK_ALWAYS_EAGER:
        return "Pending: a worker delivers it, or retries it at its next attempt time"
    if event.attempts:
        return (
            "Pending: an attempt failed, and no worker runs to retry it (no REDIS_URL); "
            "redeliver it, or run the workers with Redis"
        )
    return "Pending: not attempted, and no worker runs (no REDIS_URL); redeliver it"
