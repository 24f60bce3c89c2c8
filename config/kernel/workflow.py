"""One way to move a record along its status graph: orders and movement requests.

A model declares its graph beside its status field (`StatusField(moves=..., events=...)`),
keeps its history in a subclass of `StatusChange`, and changes status only through
`transition_apply`, which locks the row, checks the graph, runs the move's own rule, saves,
writes the history row and records the event, all in the caller's transaction. Assigning
another status to a stored record raises, so no code of ours can skip the history or the
event; only `QuerySet.update()` (which tests use to stage a concurrent change) goes around.

Why not django-fsm-2: its `@transition` methods would restate, one method per edge, a graph
the admin's buttons and the `transition` command already read as data; its protected field
breaks `refresh_from_db` unless every model adds its mixin; and its side effects run through
signals, where ours are the explicit `rule` of the service that asks for the move.
"""

from collections.abc import Callable, Mapping, Sequence
from typing import TypeVar
from uuid import uuid4

from django.db import connection, models
from django.db.models.query_utils import DeferredAttribute
from django.utils.functional import cached_property
from django.utils.module_loading import import_string

from companies.webhooks import event_record
from config.kernel.actors import Actor, ActorKind
from config.kernel.errors import ServiceError
from config.kernel.links import answering, url_base, with_absolute_images
from config.kernel.shipping import NO_SHIPPING, Shipping

# Where a record keeps the payload of the last event recorded about it (`record_as_answered`).
_RECORDED_PAYLOAD = "_hlos_recorded_payload"
# Set on a record while it is read again from the database (`StatusModel.refresh_from_db`), and
# once it is stored: read from the database (`StatusModel.from_db`) or saved.
_REFRESHING, _STORED = "_hlos_refreshing", "_hlos_stored"


class _ProtectedStatus(DeferredAttribute):
    """The status of a stored record changes only through `transition_apply`. It is set
    freely while the record is built (neither read from the database nor saved yet) and while
    it is refreshed from the database (`StatusModel.refresh_from_db`); setting the value it
    already has is no change (`full_clean` does so)."""

    def __set__(self, instance, value):
        name = self.field.attname
        settable = (
            not getattr(instance, _STORED, False)
            or getattr(instance, _REFRESHING, False)
            or (name in instance.__dict__ and instance.__dict__[name] == value)
        )
        if not settable:
            raise AttributeError(
                f"{type(instance).__name__}.{self.field.name} changes only through "
                "config.kernel.workflow.transition_apply, which keeps its history and event"
            )
        instance.__dict__[name] = value


class StatusField(models.CharField):
    """A status with its graph: `moves` maps each status to those it may move to, `events`
    each status moved to to the kind of event that tells the company, and `payload` is the
    dotted path of the function that shows the record as the API does (the event's data)."""

    descriptor_class = _ProtectedStatus

    def __init__(
        self,
        *args,
        moves: Mapping[str, Sequence[str]] | None = None,
        events: Mapping[str, str] | None = None,
        payload: str = "",
        **kwargs,
    ):
        kwargs.setdefault("editable", False)
        super().__init__(*args, **kwargs)
        # Behaviour, not schema: deconstruct() leaves these out, so a change needs no migration.
        self.moves = dict(moves or {})
        self.events = dict(events or {})
        self.payload = payload

    def deconstruct(self):
        # Migrations see a plain CharField: their historical models are free to set it.
        name, _, args, kwargs = super().deconstruct()
        return name, "django.db.models.CharField", args, kwargs

    @cached_property
    def payload_of(self) -> Callable[[models.Model], dict]:
        # A dotted path, resolved on first use: the flows' selectors import their models.
        return import_string(self.payload)


class StatusModel(models.Model):
    """A record with a StatusField (`status`, or the field `status_field_name` names) and a
    `status_history` of StatusChange rows. `number_field` names the number clients and
    operators know it by (order 1042)."""

    number_field: str
    # A hardware item's `status` is where it is; its graph is its `lifecycle`.
    status_field_name = "status"
    # The statuses whose moves carry a shipment (an ETA and tracking): the admin offers those
    # inputs only for them, on a record's page and on the bulk page.
    shipping_statuses: tuple[str, ...] = ()

    class Meta:
        abstract = True

    def save(self, *args, **kwargs):
        super().save(*args, **kwargs)
        setattr(self, _STORED, True)

    @classmethod
    def status_field(cls) -> StatusField:
        return cls._meta.get_field(cls.status_field_name)

    @property
    def graph_status(self) -> str:
        """Where the record is on its graph."""
        return getattr(self, self.status_field_name)

    @classmethod
    def status_targets(cls) -> list[str]:
        """Every status some move leads to, in the graph's order."""
        moves = cls.status_field().moves
        return list(dict.fromkeys(status for targets in moves.values() for status in targets))

    @property
    def label(self) -> str:
        return f"{self._meta.verbose_name.capitalize()} {getattr(self, self.number_field)}"

    def allowed_moves(self) -> tuple[str, ...]:
        return tuple(self.status_field().moves.get(self.graph_status, ()))

    def can_move_to(self, status: str) -> bool:
        return status in self.allowed_moves()

    def moves_take_shipping(self) -> bool:
        """Whether a move from the record's status carries a shipment."""
        return any(status in self.shipping_statuses for status in self.allowed_moves())

    @classmethod
    def from_db(cls, db, field_names, values):
        record = super().from_db(db, field_names, values)
        setattr(record, _STORED, True)
        return record

    def refresh_from_db(self, using=None, fields=None, from_queryset=None):
        # Loading is not a move: the descriptor takes the stored status again.
        setattr(self, _REFRESHING, True)
        try:
            super().refresh_from_db(using=using, fields=fields, from_queryset=from_queryset)
        finally:
            setattr(self, _REFRESHING, False)


class StatusChange(models.Model):
    """One step of a record's history: from where to where, who moved it, when, and what came
    with the move (eta, tracking, a note). `status_from` is None for the record's creation."""

    id = models.UUIDField(primary_key=True, default=uuid4, editable=False)
    created_at = models.DateTimeField(auto_now_add=True)
    status_from = models.CharField(max_length=12, null=True, blank=True)
    status_to = models.CharField(max_length=12)
    actor_kind = models.CharField(max_length=12, choices=ActorKind.choices)
    actor_name = models.CharField(max_length=200)
    eta = models.DateField(null=True, blank=True)
    tracking_code = models.CharField(max_length=100, null=True, blank=True)
    tracking_link = models.URLField(max_length=500, null=True, blank=True)
    note = models.TextField(null=True, blank=True)

    class Meta:
        abstract = True
        ordering = ["created_at", "id"]
        verbose_name = "status change"

    def __str__(self):
        return f"{self.status_from or '—'} → {self.status_to}"


Record = TypeVar("Record", bound=StatusModel)


def transition_apply(
    record: Record,
    to_status: str,
    *,
    actor: Actor,
    shipping: Shipping = NO_SHIPPING,
    note: str | None = None,
    rule: Callable[[Record], None] | None = None,
) -> Record:
    """Move `record` to `to_status`: lock its row and read it again, refuse a move its graph
    forbids (naming the allowed ones), run the move's own `rule` (its checks, which may
    refuse, and what comes with it, such as the hardware made at delivery), refuse a
    malformed shipping, then save the record, write its history row and record the event.

    Runs in the caller's transaction, so a refusal rolls back everything the rule did. A
    caller that locked the row already (to check its own rules first) pays one cheap read."""
    if not connection.in_atomic_block:
        raise RuntimeError("transition_apply runs inside the caller's transaction")
    record.refresh_from_db(from_queryset=type(record).objects.select_for_update())
    # What was recorded before this move no longer shows the record (record_as_answered).
    record.__dict__.pop(_RECORDED_PAYLOAD, None)
    if not record.can_move_to(to_status):
        allowed = ", ".join(record.allowed_moves()) or "none, it makes no more moves"
        raise ServiceError(
            f"{record.label} cannot move from {record.graph_status} to {to_status} "
            f"(allowed: {allowed})"
        )
    if rule is not None:
        rule(record)
    shipping.check(type(record))
    status_from = record.graph_status
    field = record.status_field()
    record.__dict__[field.attname] = to_status  # the one place a status changes
    shipping.apply(record)
    record.save()
    status_history_write(record, status_from=status_from, actor=actor, note=note)
    kind = field.events.get(to_status)
    if kind is not None:
        event_record_about(record, kind)
    return record


def status_history_write(
    record: StatusModel, *, status_from: str | None, actor: Actor, note: str | None = None
) -> StatusChange:
    """The history row of a move to the record's current status; `status_from` None for the
    record's creation. What came with the move is the record's eta and tracking now (a
    record that travels by none, a hardware item, has none)."""
    return record.status_history.create(
        status_from=status_from,
        status_to=record.graph_status,
        actor_kind=actor.kind,
        actor_name=actor.name,
        eta=getattr(record, "eta", None),
        tracking_code=getattr(record, "tracking_code", None),
        tracking_link=getattr(record, "tracking_link", None),
        note=note,
    )


def event_record_about(
    record: StatusModel, kind: str, *, shown: Callable[[], dict] | None = None
) -> None:
    """An event of `kind` about `record` as the API shows it now, in the caller's
    transaction. The payload stays on `record` for the write's answer (`record_as_answered`).
    It is read as the status field's `payload` reads it, or made by `shown`: the same answer,
    taken from what a creation holds in memory, not read back."""
    show = shown or (lambda: record.status_field().payload_of(record))
    # Made for no request: its URLs are PUBLIC_BASE_URL's, or relative (config.kernel.links).
    with answering(None):
        payload = show()
    event_record(company=record.company, kind=kind, payload=payload)
    setattr(record, _RECORDED_PAYLOAD, payload)


def record_as_answered(record: StatusModel, read: Callable[[], dict]) -> dict:
    """`record` as the API answers it now: the payload of the last event recorded about it
    (made in the write's transaction, after its last change), its image paths made absolute
    for the request being answered, as a read would make them; `read()` when no event was
    recorded about it (e.g. a repeated quote answering the order already made). One payload
    serves the event and the answer: a write no longer reads its record again once committed.
    """
    payload = getattr(record, _RECORDED_PAYLOAD, None)
    if payload is None:
        return read()
    return with_absolute_images(payload, url_base())
