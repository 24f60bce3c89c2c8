"""The tenant root: API clients, their keys, and the companies each client manages."""

import base64
import secrets
import uuid
from datetime import timedelta

from django.db import models
from django.utils import timezone

from config.kernel.audit import audited
from config.kernel.database import JSONField


@audited()
class ApiClient(models.Model):
    """A system that calls the API. It manages companies and sees nothing else."""

    id = models.UUIDField(primary_key=True, default=uuid.uuid4, editable=False)
    name = models.CharField(max_length=200, unique=True)
    is_active = models.BooleanField(
        default=True, help_text="An inactive client's keys are all refused."
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["name"]
        verbose_name = "API client"

    def __str__(self):
        return self.name

    # DRF treats the authenticated principal as `request.user`; an API client is one.
    is_authenticated = True


@audited()
class ApiKey(models.Model):
    """A credential of an API client. Only a SHA-256 hash of the key is stored; the short
    prefix finds the row and shows which key is which."""

    id = models.UUIDField(primary_key=True, default=uuid.uuid4, editable=False)
    client = models.ForeignKey(ApiClient, on_delete=models.CASCADE, related_name="keys")
    prefix = models.CharField(max_length=16, unique=True, editable=False)
    hashed_key = models.CharField(max_length=64, editable=False)
    created_at = models.DateTimeField(auto_now_add=True)
    last_used_at = models.DateTimeField(null=True, blank=True, editable=False)
    revoked_at = models.DateTimeField(null=True, blank=True, editable=False)

    class Meta:
        ordering = ["-created_at"]
        verbose_name = "API key"

    def __str__(self):
        return f"{self.prefix}…"

    @property
    def is_revoked(self) -> bool:
        return self.revoked_at is not None


def new_webhook_secret() -> str:
    """A Standard Webhooks signing secret: `whsec_` and 32 random bytes in base64."""
    return "whsec_" + base64.b64encode(secrets.token_bytes(32)).decode()


class CompanySource(models.TextChoices):
    INTERNAL = "INTERNAL"


@audited()
class Company(models.Model):
    id = models.UUIDField(primary_key=True, default=uuid.uuid4, editable=False)
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)
    api_client = models.ForeignKey(ApiClient, on_delete=models.PROTECT, related_name="companies")
    name = models.CharField(max_length=200)
    code = models.CharField(
        "company code",
        max_length=3,
        unique=True,
        help_text="Three letters or digits, stored in capitals; unique across all clients.",
    )
    abm_code = models.CharField("ABM code", max_length=100, null=True, blank=True)
    webhook_url = models.URLField(max_length=500, null=True, blank=True)
    company_source = models.CharField(
        max_length=20, choices=CompanySource.choices, default=CompanySource.INTERNAL
    )
    country_code = models.CharField(max_length=2, null=True, blank=True)
    legal_number = models.CharField(max_length=100, null=True, blank=True)
    contact_email = models.EmailField(null=True, blank=True)
    phone = models.CharField(max_length=32, null=True, blank=True)
    webhook_secret = models.CharField(
        max_length=100,
        default=new_webhook_secret,
        help_text="Signs the webhooks sent to this company (Standard Webhooks).",
    )
    require_change_reason = models.BooleanField(
        default=False,
        help_text=(
            "The company's writes through the API must say why (X-Change-Reason), for its audit "
            "trail."
        ),
    )
    complete_on_delivery = models.BooleanField(
        default=False,
        help_text=(
            "A parcel the carrier delivers to the employee completes its onboarding (or "
            "employee-to-employee move): DONE, as an operator would mark it."
        ),
    )
    wipe_on_return = models.BooleanField(
        default=False,
        help_text=(
            "An offboarding to storage asks for a data wipe unless it says otherwise: its items "
            "land awaiting the wipe."
        ),
    )

    class Meta:
        ordering = ["name", "code"]
        verbose_name_plural = "companies"
        constraints = [
            models.CheckConstraint(
                condition=models.Q(code__regex=r"^[A-Z0-9]{3}$"),
                name="company_code_three_capitals_or_digits",
            )
        ]

    def __str__(self):
        return f"{self.code} · {self.name}"


@audited()
class ScimToken(models.Model):
    """The company's SCIM token: what its identity provider calls /scim/v2/ with. One at a time:
    a new one replaces it at once (docs/decisions/0085-scim-tokens.md). Stored as an API key
    is, a prefix to find it and a SHA-256 hash of it (companies/keys.py)."""

    id = models.UUIDField(primary_key=True, default=uuid.uuid4, editable=False)
    company = models.OneToOneField(Company, on_delete=models.CASCADE, related_name="scim_token")
    prefix = models.CharField(max_length=16, unique=True, editable=False)
    hashed_key = models.CharField(max_length=64, editable=False)
    created_at = models.DateTimeField(auto_now_add=True)
    created_by = models.CharField(
        max_length=250, editable=False, help_text="Who made it: an API client, staff, a command."
    )
    last_used_at = models.DateTimeField(null=True, blank=True, editable=False)

    class Meta:
        verbose_name = "SCIM token"

    def __str__(self):
        return f"scim_{self.prefix}…"


class EventState(models.TextChoices):
    # What will happen to a pending event depends on whether workers run: the admin says it
    # (companies.selectors.event_state_description).
    PENDING = "PENDING", "Pending: not delivered yet"
    DELIVERED = "DELIVERED"
    FAILED = "FAILED", "Failed: every attempt failed, or the receiver said it is gone"
    NO_ENDPOINT = "NO_ENDPOINT", "No endpoint: the company had no webhook URL"


# Nothing more will be sent for these (unless an operator redelivers): retention may drop them.
FINISHED_EVENT_STATES = (EventState.DELIVERED, EventState.FAILED, EventState.NO_ENDPOINT)


class Event(models.Model):
    """Something that happened to a company's records: an outbox row written in the same
    transaction as the change, sent as a webhook, and kept for EVENT_RETENTION_DAYS once
    finished (companies/retention.py)."""

    id = models.UUIDField(primary_key=True, default=uuid.uuid4, editable=False)
    company = models.ForeignKey(Company, on_delete=models.CASCADE, related_name="events")
    kind = models.CharField(max_length=50, db_index=True)
    payload = JSONField()
    created_at = models.DateTimeField(auto_now_add=True)
    state = models.CharField(
        max_length=12, choices=EventState.choices, default=EventState.PENDING, db_index=True
    )
    attempts = models.PositiveIntegerField(default=0)
    next_attempt_at = models.DateTimeField(null=True, blank=True)
    delivered_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at"]
        verbose_name = "webhook event"
        indexes = [
            models.Index(
                fields=["next_attempt_at"],
                condition=models.Q(state="PENDING"),
                name="event_due_pending",
            ),
            # A company's events still to deliver, oldest first: those waiting for a retry,
            # sent at once when its endpoint answers again (companies/webhooks/catch_up.py).
            models.Index(
                fields=["company", "created_at", "id"],
                condition=models.Q(state="PENDING"),
                name="event_company_pending",
            ),
            # The feed (GET /events): a company's events, newest first, paged by this key.
            models.Index(fields=["company", "-created_at", "-id"], name="event_company_feed"),
            # The admin's search by the order or movement request number an event is about
            # (companies.selectors.events_about_number).
            models.Index(models.F("payload__data__orderNumber"), name="event_order_number"),
            models.Index(
                models.F("payload__data__movementRequestNumber"), name="event_movement_number"
            ),
            # Retention (companies/retention.py): finished events, oldest first, so each batch
            # reads only the rows it deletes, and a run with nothing to delete reads none.
            models.Index(
                fields=["created_at"],
                condition=models.Q(state__in=FINISHED_EVENT_STATES),
                name="event_finished_created",
            ),
        ]

    def __str__(self):
        return f"{self.kind} {self.id}"

    @property
    def webhook_id(self) -> str:
        """The `webhook-id` header: the same on every attempt, so receivers can deduplicate."""
        return f"msg_{self.id.hex}"


class EventAttempt(models.Model):
    """One try to deliver an event: when, to where, and what came back. The row is written
    before the request and completed after it, so a worker that dies in between leaves an
    attempt that never finished: interrupted, once the lease it held has run out."""

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="attempt_log")
    attempted_at = models.DateTimeField(auto_now_add=True)
    leased_until = models.DateTimeField(
        null=True, blank=True, help_text="The attempt holds its event until then."
    )
    finished_at = models.DateTimeField(
        null=True, blank=True, help_text="Empty while the attempt runs, or if it was interrupted."
    )
    url = models.CharField(max_length=500)
    status_code = models.PositiveIntegerField(null=True, blank=True)
    response_excerpt = models.CharField(max_length=500, blank=True, default="")
    error = models.CharField(max_length=500, blank=True, default="")
    duration_ms = models.PositiveIntegerField(null=True, blank=True)

    class Meta:
        ordering = ["attempted_at", "id"]

    def __str__(self):
        outcome = self.status_code or self.error or ("interrupted" if self.interrupted else "")
        return f"{outcome or 'in progress'} at {self.attempted_at:%Y-%m-%d %H:%M:%S}"

    @property
    def interrupted(self) -> bool:
        return self.was_interrupted(self.finished_at, self.leased_until)

    @staticmethod
    def was_interrupted(finished_at, leased_until) -> bool:
        """Never finished, and its lease ran out: its worker died (or stalled) mid-attempt."""
        return finished_at is None and (leased_until is None or leased_until <= timezone.now())


class IdempotencyKey(models.Model):
    """One `Idempotency-Key` an API client sent with a write, and the answer it got.

    The row is inserted (committed on its own) before the view runs, so the unique constraint
    decides which of two concurrent requests runs; `status_code` stays empty while it runs."""

    api_client = models.ForeignKey(ApiClient, on_delete=models.CASCADE, related_name="+")
    key = models.CharField(max_length=255)
    fingerprint = models.CharField(max_length=64)
    status_code = models.PositiveSmallIntegerField(null=True, blank=True)
    content_type = models.CharField(max_length=200, blank=True, default="")
    # The answer's Location header (a job made, 202), which its replay carries too.
    location = models.CharField(max_length=500, blank=True, default="")
    body = models.BinaryField(default=b"")
    created_at = models.DateTimeField(default=timezone.now, db_index=True)

    LIFETIME = timedelta(hours=24)

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["api_client", "key"], name="idempotency_key_unique_per_client"
            )
        ]

    def __str__(self):
        return self.key
