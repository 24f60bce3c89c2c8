"""Reads of the tenant root. Every company read is scoped to the calling API client."""

import re
from datetime import timedelta

from django.db.models import QuerySet
from django.utils import timezone

from companies import keys
from companies.models import ApiClient, ApiKey, Company, Event, EventState
from config.api.paging import Keyset
from config.errors import NotFound, ServiceError

INVALID_COMPANY_CODE = "Invalid company code"
COMPANY_CODE_PATTERN = re.compile(r"[A-Z0-9]{3}")
# A key's last-used time is refreshed at most this often, so reads do not write every time.
LAST_USED_RESOLUTION = timedelta(minutes=1)
# The list's order (Company.Meta.ordering; codes are unique): it pages by it. A name can change,
# so a company renamed while a client walks the pages may be answered twice or not at all; a
# client's companies are few, and their order by name is what people read them in.
COMPANIES = Keyset("companies", ("name", "code"))


def api_key_authenticate(*, raw_key: str) -> ApiKey | None:
    """The live key `raw_key` is, with its client, or None when unknown, revoked or inactive."""
    prefix = keys.prefix_of(raw_key)
    if prefix is None:
        return None
    key = (
        ApiKey.objects.select_related("client")
        .filter(prefix=prefix, revoked_at__isnull=True, client__is_active=True)
        .first()
    )
    if key is None or not keys.matches(raw_key, key.hashed_key):
        return None
    now = timezone.now()
    if key.last_used_at is None or now - key.last_used_at > LAST_USED_RESOLUTION:
        ApiKey.objects.filter(pk=key.pk).update(last_used_at=now)
        key.last_used_at = now
    return key


def company_list(*, api_client: ApiClient) -> QuerySet[Company]:
    return Company.objects.filter(api_client=api_client)


def _managed_with_code(api_client: ApiClient, code: str) -> QuerySet[Company]:
    """The client's companies with this code: none for a code no company could have, which
    is never sent to the database (a NUL byte there is an error, not a miss)."""
    code = code.strip().upper()
    if not COMPANY_CODE_PATTERN.fullmatch(code):
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


def company_get_for_update(*, api_client: ApiClient, code: str) -> Company:
    """The client's company with this code, locked for the rest of the transaction."""
    company = _managed_with_code(api_client, code).select_for_update().first()
    if company is None:
        raise NotFound("Company not found")
    return company


def events_redeliverable(events: QuerySet[Event]) -> QuerySet[Event]:
    """Of `events`, those an operator can send again: their company has a webhook URL now (an
    event recorded while it had none, NO_ENDPOINT, is sent once it has one), and no worker may
    be attempting it right now (pending and not due)."""
    return (
        events.exclude(company__webhook_url__isnull=True)
        .exclude(company__webhook_url="")
        .exclude(state=EventState.PENDING, next_attempt_at__gt=timezone.now())
    )
