"""What each audited record is on the trail a client reads (GET /audit-events, `export_audit`).

The trail's rows are written by triggers into `<app>.<Model>AuditEvent` (config.kernel.audit,
decision 0080). companies imports no other app, so each app describes its audited models when it
is ready (`audited_record_register`, from its AppConfig.ready): the type a client filters by,
how the record belongs to a company (a column, or through its parent: an order's lines, an
item's notes), its label, and how its fields are shown. A field is shown under its name in the
API (`names`, else its camelCase name; a foreign key as `<name>Id`), in the API's own values:

- a reference to another record by that record's value (`Lookup`: an item's employee by e-mail),
  read from the record or, once it is deleted, from its last state on the trail;
- a decimal as its string (`1299.00`), a timestamp as the API writes it, an image's URL absolute;
- a secret (`secrets`) as `"***"`: only a digest of it is read, to see that it changed.

The selector reads it all in one query (companies.audit.selectors): this module builds the SQL
of a record's fields and shapes what is read back into the API's values.
"""

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from datetime import datetime
from functools import cached_property, reduce
from uuid import UUID

from django.apps import apps
from django.db import models
from django.db.models import F, Func, OuterRef, Q, Subquery, TextField
from django.db.models.functions import MD5, Cast, Coalesce, JSONObject

from config.kernel.audit import Action
from config.kernel.links import absolute_url, url_base
from config.kernel.names import camel_case

# The `company` of the record that is the company itself.
ITSELF = "pk"
# What a secret's old and new values are shown as.
SECRET = "***"
# Key/value pairs per JSON object built in SQL: PostgreSQL's functions take 100 arguments at
# most, so a record with more fields is built in parts joined with `||`.
_PAIRS_PER_OBJECT = 40


@dataclass(frozen=True)
class Lookup:
    """A reference shown by a value of the record it names (`employees.Employee`, `email`)."""

    model: str
    field: str


@dataclass(frozen=True)
class Parent:
    """The record a child record belongs to: the child's foreign key to it, and its type."""

    field: str
    target_type: str


@dataclass(frozen=True)
class AuditedRecord:
    """How one audited model is shown on the trail.

    `company`: the field naming its company; ITSELF for a company; None for a record found
    through its `parent`, or for one of no company (catalog items, storages, API clients and
    keys), which no client's trail shows. `label`: the target's label, made of the event's
    fields as shown (API names). `hidden`: fields no client is shown."""

    model: str
    target_type: str
    label: Callable[[dict], str]
    company: str | None = "company"
    parent: Parent | None = None
    names: Mapping[str, str] = field(default_factory=dict)
    lookups: Mapping[str, Lookup] = field(default_factory=dict)
    secrets: tuple[str, ...] = ()
    hidden: tuple[str, ...] = ()

    @property
    def kind(self) -> str:
        """The record's part of an event's id (`order_line:42`): its type in small letters."""
        return self.target_type.lower()

    @property
    def on_a_clients_trail(self) -> bool:
        return self.company is not None or self.parent is not None

    @cached_property
    def tracked_model(self) -> type[models.Model]:
        return apps.get_model(self.model)

    @cached_property
    def audit_model(self) -> type[models.Model]:
        return _audit_model_of(self.tracked_model)

    @cached_property
    def has_status(self) -> bool:
        return any(each.name == "status" for each in self.audit_model._meta.concrete_fields)

    def is_keyed_by(self, value: UUID | int) -> bool:
        """Whether `value` can be this record's id (a UUID, or a number for a note)."""
        keyed_by_uuid = isinstance(self.tracked_model._meta.pk, models.UUIDField)
        return isinstance(value, UUID) == keyed_by_uuid

    def column(self, name: str) -> str:
        """The audit table's column of the field `name` (`hardware_id` for `hardware`)."""
        return self.audit_model._meta.get_field(name).attname

    @cached_property
    def _shown(self) -> list[tuple[str, models.Field]]:
        """(API name, audit model field) of each field shown, in the model's order."""
        left_out = {"id", self.company, *self.hidden}
        if self.parent is not None:
            left_out.add(self.parent.field)
        shown = []
        for each in self.audit_model._meta.concrete_fields:
            if each.name.startswith("pgh_") or each.name in left_out:
                continue
            default = f"{each.name}_id" if each.is_relation else each.name
            shown.append((self.names.get(each.name, camel_case(default)), each))
        return shown

    # --- reading ------------------------------------------------------------------------------

    def fields_json(self) -> Func:
        """The shown fields of an audit row as one JSON object, in SQL (keys: API names)."""
        items = [(name, self._read(each)) for name, each in self._shown]
        parts = [
            JSONObject(**dict(items[start : start + _PAIRS_PER_OBJECT]))
            for start in range(0, max(len(items), 1), _PAIRS_PER_OBJECT)
        ]
        return reduce(_joined, parts)

    def _read(self, each: models.Field):
        if each.name in self.secrets:
            return MD5(each.attname)  # enough to see that it changed; never the secret
        if each.name in self.lookups:
            return _looked_up(self.lookups[each.name], each.attname)
        if isinstance(each, models.DecimalField):
            return Cast(each.attname, TextField())  # `1299.00`, as the API writes it
        return F(each.attname)

    def _earlier(self) -> models.QuerySet:
        """The rows before this one of the same record, the latest first."""
        earlier = self.audit_model.objects.filter(
            pgh_obj_id=OuterRef("pgh_obj_id"), pgh_id__lt=OuterRef("pgh_id")
        )
        return earlier.order_by("-pgh_id")

    def previous_json(self) -> Subquery:
        """The shown fields of the record's previous row on the trail (null when none is)."""
        return Subquery(self._earlier().values(json=self.fields_json())[:1])

    def previous_status(self) -> Subquery:
        return Subquery(self._earlier().values("status")[:1])

    # --- shaping ------------------------------------------------------------------------------

    def changes(self, action: str, fields: dict, previous: dict | None) -> dict:
        """Each changed field as `{old, new}` in the API's values. Created: the fields set;
        deleted: the fields it had; changed: those that differ from its previous row, or all it
        has (`old` null) when no earlier row is on the trail (a record written before the trail
        began, or whose earlier rows retention purged)."""
        # In the model's order (JSON read back from PostgreSQL has its keys in its own).
        values = [(name, fields.get(name)) for name in self._names]
        if action == Action.DELETED:
            pairs = [(name, value, None) for name, value in values if value is not None]
        elif action == Action.CREATED or previous is None:
            pairs = [(name, None, value) for name, value in values if value is not None]
        else:
            pairs = [
                (name, previous.get(name), value)
                for name, value in values
                if previous.get(name) != value
            ]
        return {name: self._shown_pair(name, old, new) for name, old, new in pairs}

    def _shown_pair(self, name: str, old, new) -> dict:
        if name in self._secret_names:
            return {"old": SECRET, "new": SECRET}
        render = self._renderers.get(name)
        if render is not None:
            old = None if old is None else render(old)
            new = None if new is None else render(new)
        return {"old": old, "new": new}

    @cached_property
    def _names(self) -> list[str]:
        return [name for name, _ in self._shown]

    @cached_property
    def _secret_names(self) -> frozenset[str]:
        return frozenset(name for name, each in self._shown if each.name in self.secrets)

    @cached_property
    def _renderers(self) -> dict[str, Callable]:
        """API name -> how its value read as JSON becomes the API's value."""
        renderers = {}
        for name, each in self._shown:
            if name == "image":
                renderers[name] = _absolute_image
            elif isinstance(each, models.DateTimeField):
                # JSON's text of the instant; the answer writes it as every answer does.
                renderers[name] = datetime.fromisoformat
        return renderers


def _absolute_image(path: str) -> str:
    return absolute_url(path, url_base())


def _joined(left: Func, right: Func) -> Func:
    return Func(
        left, right, template="(%(expressions)s)", arg_joiner=" || ", output_field=left.output_field
    )


def _audit_model_of(model: type[models.Model]) -> type[models.Model] | None:
    """The audit model of `model` (config.kernel.audit.audited), or None when not audited."""
    events = getattr(model, "pgh_event_models", None) or {}
    return next(iter(events.values()), None)


def _looked_up(lookup: Lookup, column: str):
    """The looked-up value of the record `column` names: from the record, or from its last row
    on the trail once it is deleted (when it is audited)."""
    model = apps.get_model(lookup.model)
    live = model.objects.filter(pk=OuterRef(column)).order_by().values(lookup.field)
    live = Subquery(live[:1])
    trail_model = _audit_model_of(model)
    if trail_model is None:
        return live
    trail = trail_model.objects.filter(pgh_obj_id=OuterRef(column)).order_by("-pgh_id")
    return Coalesce(live, Subquery(trail.values(lookup.field)[:1]))


# --- the registry ---------------------------------------------------------------------------

_registered: dict[str, AuditedRecord] = {}


def audited_record_register(*records: AuditedRecord) -> None:
    """Called by each app's AppConfig.ready with its audited models."""
    for record in records:
        taken = {each.kind: each.model for each in _registered.values()}
        if taken.get(record.kind, record.model) != record.model:
            raise ValueError(f"Two audited records are of type {record.target_type}")
        _registered[record.model] = record


def audited_records() -> list[AuditedRecord]:
    """The records a client's trail shows, in the order the apps registered them."""
    return [record for record in _registered.values() if record.on_a_clients_trail]


def audited_record(kind: str) -> AuditedRecord:
    """The record whose events' ids begin with `kind`."""
    return next(record for record in _registered.values() if record.kind == kind)


def target_types() -> list[str]:
    """The types a client filters by: the records of a company that belong to no other."""
    return [record.target_type for record in audited_records() if record.parent is None]


def company_scope(record: AuditedRecord, company) -> Q:
    """The rows of `record`'s trail that are `company`'s: by its company column, or, for a
    child, by its parent's, whether the parent is still there or only on the trail."""
    if record.company == ITSELF:
        return Q(pgh_obj_id=company.pk)
    if record.company is not None:
        return Q(**{record.column(record.company): company.pk})
    related = record.audit_model._meta.get_field(record.parent.field).related_model
    parent = _registered[related._meta.label]
    live = parent.tracked_model.objects.filter(**{parent.company: company}).values("pk")
    trail = parent.audit_model.objects.filter(company_scope(parent, company))
    column = record.column(record.parent.field)
    return Q(**{f"{column}__in": live}) | Q(**{f"{column}__in": trail.values("pgh_obj_id")})
