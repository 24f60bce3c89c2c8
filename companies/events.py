"""Events: what happened to a company's records, told to the company through signed webhooks.

The flows call `event_record` inside the transaction of the change, so an event exists exactly
when its change committed (an outbox). After the commit a Celery task delivers it; a periodic
sweep picks up what is due again (retries) or was never handed to the broker. Deliveries are
signed per Standard Webhooks, never follow redirects, and refuse non-public addresses unless
WEBHOOK_ALLOW_PRIVATE_NETWORKS.
"""

import http.client
import ipaddress
import json
import random
import socket
import time
from datetime import datetime, timedelta
from urllib.parse import urlsplit
from uuid import UUID

import orjson
from django.conf import settings
from django.db import transaction
from django.db.models import Q
from django.utils import timezone
from standardwebhooks.webhooks import Webhook

from companies.models import Company, Event, EventAttempt, EventState

# Standard Webhooks' retry schedule: after the first try, wait these, then give up.
RETRY_DELAYS = [
    timedelta(seconds=5),
    timedelta(minutes=5),
    timedelta(minutes=30),
    timedelta(hours=2),
    timedelta(hours=5),
    timedelta(hours=10),
    timedelta(hours=14),
    timedelta(hours=20),
    timedelta(hours=24),
]
TIMEOUT_SECONDS = 10
# While an attempt runs, the event is not due: a sweep will not start a second one.
ATTEMPT_LEASE = timedelta(seconds=60)
# A due event the sweep queued is claimed only by that task until then.
HAND_OUT_LEASE = timedelta(seconds=60)
EXCERPT_LENGTH = 500
SWEEP_BATCH = 500


class DeliveryRefused(Exception):
    """The target may not be called (scheme, or an address that is not public)."""


def event_record(*, company: Company, kind: str, payload: dict) -> Event:
    """Keep an event of `kind` about `payload` (the resource as the API shows it) in the
    caller's transaction, and hand it to the workers once that commits."""
    event = Event(company=company, kind=kind, payload={})
    # Encoded as the API renderer encodes (config.api.envelope: orjson, UTC as Z, decimals as
    # strings), so timestamps keep their microseconds, exactly as GET shows the resource.
    event.payload = orjson.loads(
        orjson.dumps(
            # Standard Webhooks' shape: the resource whole under `data`, so its own `id` and
            # `type` are not shadowed by the event's.
            {"id": event.webhook_id, "type": kind, "timestamp": timezone.now(), "data": payload},
            default=str,
            option=orjson.OPT_UTC_Z,
        )
    )
    if company.webhook_url:
        event.next_attempt_at = timezone.now()
    else:
        event.state = EventState.NO_ENDPOINT
    event.save(force_insert=True)
    if event.state == EventState.PENDING:
        from companies.tasks import deliver_event  # the tasks module imports this one

        # Robust: with the broker down the change still stands, and the sweep sends it later.
        transaction.on_commit(lambda: deliver_event.delay(str(event.id)), robust=True)
    return event


def event_claim(event_id: UUID, *, handed_out_until: datetime | None = None) -> Event | None:
    """The event, if it is due now (or handed out by the sweep to this very task), leased to the
    caller for one attempt; None when it is not due, already delivered or given up, or being
    attempted by another worker."""
    due = Q(next_attempt_at__lte=timezone.now())
    if handed_out_until is not None:
        due |= Q(next_attempt_at=handed_out_until)
    with transaction.atomic():
        event = (
            Event.objects.select_for_update(skip_locked=True)
            .select_related("company")
            .filter(due, pk=event_id, state=EventState.PENDING)
            .first()
        )
        if event is None:
            return None
        event.next_attempt_at = timezone.now() + ATTEMPT_LEASE
        event.save(update_fields=["next_attempt_at"])
    return event


def event_attempt(event: Event) -> EventAttempt:
    """One delivery attempt of a claimed event, recorded, and the event's next state set."""
    url = event.company.webhook_url or ""
    started = time.monotonic()
    status_code, excerpt, error, retry_after = None, "", "", None
    try:
        body = json.dumps(event.payload, separators=(",", ":"))
        status_code, excerpt, retry_after = _post(url, body, _headers(event, body))
    except DeliveryRefused as refusal:
        error = str(refusal)
    except Exception as failure:
        error = f"{type(failure).__name__}: {failure}"
    attempt = EventAttempt.objects.create(
        event=event,
        url=url[:500],
        status_code=status_code,
        response_excerpt=excerpt,
        error=error[:500],
        duration_ms=int((time.monotonic() - started) * 1000),
    )
    _after_attempt(event, status_code, retry_after)
    return attempt


def events_hand_out(*, limit: int = SWEEP_BATCH) -> list[tuple[UUID, datetime]]:
    """Pending events whose attempt is due (retries, and events the broker never got because
    it was down at commit), each handed out until a time only its task may claim it before:
    a later sweep does not queue it again unless that task is lost."""
    until = timezone.now() + HAND_OUT_LEASE
    with transaction.atomic():
        due = list(
            Event.objects.select_for_update(skip_locked=True)
            .filter(state=EventState.PENDING, next_attempt_at__lte=timezone.now())
            .order_by("next_attempt_at")
            .values_list("pk", flat=True)[:limit]
        )
        Event.objects.filter(pk__in=due).update(next_attempt_at=until)
    return [(event_id, until) for event_id in due]


def event_redeliver(*, event: Event) -> bool:
    """Try an event again from the start of the schedule. Refused (False) while the event is
    pending and not due: a worker may be attempting it right now."""
    restarted = (
        Event.objects.filter(pk=event.pk)
        .exclude(state=EventState.PENDING, next_attempt_at__gt=timezone.now())
        .update(state=EventState.PENDING, attempts=0, next_attempt_at=timezone.now())
    )
    if restarted:
        from companies.tasks import deliver_event

        transaction.on_commit(lambda: deliver_event.delay(str(event.pk)), robust=True)
    return bool(restarted)


def _headers(event: Event, body: str) -> dict[str, str]:
    sent_at = timezone.now()
    signature = Webhook(event.company.webhook_secret).sign(event.webhook_id, sent_at, body)
    return {
        "Content-Type": "application/json",
        "User-Agent": "hlos-webhooks/1",
        "webhook-id": event.webhook_id,
        "webhook-timestamp": str(int(sent_at.timestamp())),
        "webhook-signature": signature,
    }


def _post(url: str, body: str, headers: dict[str, str]) -> tuple[int, str, int | None]:
    """POST `body` to `url` once, without following redirects. Answers the status, an excerpt
    of the response and its Retry-After in seconds, if any."""
    parts = urlsplit(url)
    if parts.scheme not in ("http", "https") or not parts.hostname:
        raise DeliveryRefused(f"Not an http(s) URL: {url!r}")
    port = parts.port or (443 if parts.scheme == "https" else 80)
    # Resolved once and checked; the connection goes to that very address, so the name cannot
    # point somewhere else between the check and the request.
    address = _public_address(parts.hostname, port)
    pinned = _PinnedHTTPSConnection if parts.scheme == "https" else _PinnedHTTPConnection
    connection = pinned(parts.hostname, port, address=address, timeout=TIMEOUT_SECONDS)
    path = (parts.path or "/") + (f"?{parts.query}" if parts.query else "")
    try:
        connection.request("POST", path, body=body.encode(), headers=headers)
        response = connection.getresponse()
        excerpt = response.read(EXCERPT_LENGTH).decode("utf-8", "replace")
        return response.status, excerpt, _retry_after(response.getheader("Retry-After"))
    finally:
        connection.close()


class _PinnedHTTPConnection(http.client.HTTPConnection):
    """Connects to a given address; the Host header still names the host."""

    def __init__(self, host, port, *, address: str, **kwargs):
        super().__init__(host, port, **kwargs)
        self.address = address

    def connect(self):
        self.sock = socket.create_connection((self.address, self.port), self.timeout)


class _PinnedHTTPSConnection(http.client.HTTPSConnection):
    """Connects to a given address; the certificate is checked against the host's name."""

    def __init__(self, host, port, *, address: str, **kwargs):
        super().__init__(host, port, **kwargs)
        self.address = address

    def connect(self):
        sock = socket.create_connection((self.address, self.port), self.timeout)
        self.sock = self._context.wrap_socket(sock, server_hostname=self.host)


NAT64 = ipaddress.ip_network("64:ff9b::/96")


def _public_address(host: str, port: int) -> str:
    """The address to connect to: the first the host resolves to, refused (with every other
    one) when it is loopback, private, link-local or otherwise not public, including IPv4
    addresses carried inside IPv6 ones (mapped, 6to4, NAT64)."""
    addresses = [info[4][0] for info in socket.getaddrinfo(host, port, proto=socket.IPPROTO_TCP)]
    if not settings.WEBHOOK_ALLOW_PRIVATE_NETWORKS:
        for address in addresses:
            ip = ipaddress.ip_address(address)
            if not all(carried.is_global for carried in _carried(ip)):
                raise DeliveryRefused(f"{host} resolves to {ip}, which is not a public address")
    return addresses[0]


def _carried(ip: ipaddress.IPv4Address | ipaddress.IPv6Address) -> list:
    """`ip`, and the IPv4 address an IPv6 one carries, if any."""
    if ip.version == 4:
        return [ip]
    embedded = ip.ipv4_mapped or ip.sixtofour
    if embedded is None and ip in NAT64:
        embedded = ipaddress.IPv4Address(int(ip) & 0xFFFFFFFF)
    return [ip, embedded] if embedded is not None else [ip]


def _retry_after(value: str | None) -> int | None:
    return int(value) if value and value.strip().isdigit() else None


def _after_attempt(event: Event, status_code: int | None, retry_after: int | None) -> None:
    """Set the event's next state, unless its lease ran out meanwhile and another worker took
    it over (then that worker's outcome stands)."""
    leased_until = event.next_attempt_at
    attempts = event.attempts + 1
    changes = {"attempts": attempts, "next_attempt_at": None}
    if status_code is not None and 200 <= status_code < 300:
        changes |= {"state": EventState.DELIVERED, "delivered_at": timezone.now()}
    elif status_code == 410 or attempts > len(RETRY_DELAYS):
        # 410 Gone: the receiver says never again.
        changes["state"] = EventState.FAILED
    else:
        delay = RETRY_DELAYS[attempts - 1] * random.uniform(0.9, 1.1)
        if retry_after is not None:
            delay = max(delay, timedelta(seconds=min(retry_after, 86_400)))
        changes["next_attempt_at"] = timezone.now() + delay
    Event.objects.filter(
        pk=event.pk, state=EventState.PENDING, next_attempt_at=leased_until
    ).update(**changes)
