"""The audit trail: who changed what, when and why, for every write to the records clients and
operators care about (docs/decisions/0080-audit-trail-by-triggers.md).

Capture is PostgreSQL's: django-pghistory puts triggers on each audited table (`audited`), which
copy the row into its audit table on every insert, update and delete, however it was written
(a save, `QuerySet.update()`, a bulk write, raw SQL). What the database cannot know, who asked
and why, travels with the transaction: inside `change_context`, pghistory prefixes each write
statement with `set_config(..., is_local => true)`, and the trigger stores that context on the
row. Nothing is kept in the session, so it works behind PgBouncer in transaction mode.

The context of a change (keys as the audit answers name them):
- `source`: API, ADMIN, COMMAND, SANDBOX, WORKER (and those later capabilities add);
- `actorType` and `actorName`: an API client and its name; an OPERATOR (staff user, whose id
  `operatorId` only the back office shows); a COMMAND by its name; the SYSTEM for a worker;
  SCIM for a company's identity provider, by the company's SCIM token;
- `requestId`, `idempotencyKey` and `reason` (X-Change-Reason, an admin page's reason, a
  command's --reason), when there are.

The web's context is opened per request (config.api.middleware.ChangeContextMiddleware) and
completed as the request is understood: its actor once authenticated, its reason once read.
"""

import re
import threading
from collections.abc import Iterator
from contextlib import contextmanager

import pghistory
import pghistory.core
from django.db import models

from config.kernel.errors import ServiceError


class Source(models.TextChoices):
    API = "API"
    ADMIN = "ADMIN"
    COMMAND = "COMMAND"
    SANDBOX = "SANDBOX"
    WORKER = "WORKER"


class ActorType(models.TextChoices):
    API_CLIENT = "API_CLIENT"
    OPERATOR = "OPERATOR"
    COMMAND = "COMMAND"
    SYSTEM = "SYSTEM"
    # A company's identity provider, by its SCIM token (companies.api.scim_authentication).
    SCIM = "SCIM"


# What a client reads as an operator's name: which member of staff made a change is the back
# office's to know.
OPERATOR_NAME = "Operations"


class Action(models.TextChoices):
    CREATED = "CREATED"
    UPDATED = "UPDATED"
    DELETED = "DELETED"


# Columns whose change alone is no change a person made: `updated_at` moves with every save,
# and an API key's `last_used_at` with every request it authenticates.
UNAUDITED_COLUMNS = ("updated_at", "last_used_at")


def audited(*, exclude: tuple[str, ...] = ()):
    """Class decorator: every insert, update and delete of the model is on the trail, in its
    audit model `<Model>AuditEvent` (made by pghistory in the model's app, with its migration).
    An update that changes only UNAUDITED_COLUMNS or `exclude` records nothing. Each audit table
    is indexed by time: the retention purges it oldest first, and the back office's log reads it
    newest first and by date."""

    def decorate(model: type[models.Model]) -> type[models.Model]:
        names = {field.name for field in model._meta.local_fields}
        left_out = [name for name in (*UNAUDITED_COLUMNS, *exclude) if name in names]
        return pghistory.track(
            pghistory.InsertEvent(label=Action.CREATED.value),
            pghistory.UpdateEvent(label=Action.UPDATED.value),
            pghistory.DeleteEvent(label=Action.DELETED.value),
            exclude=left_out,
            model_name=f"{model.__name__}AuditEvent",
            meta={"indexes": [models.Index(fields=["pgh_created_at"])]},
        )(model)

    return decorate


def audit_models() -> list[type[models.Model]]:
    """The audit tables (`<Model>AuditEvent`), one per audited model, once the apps are loaded."""
    return pghistory.core.event_models()


# --- the context of a change ---------------------------------------------------------------------

_opened = threading.local()


@contextmanager
def change_context(source: Source, **metadata) -> Iterator[None]:
    """The writes inside carry `source` and `metadata` (camelCase keys, as answered). Inside a
    context already open (a command another command calls) the writes stay the outer one's:
    pghistory keeps one context per thread, and what a nested one set would outlive it."""
    if context_open():
        yield
        return
    _opened.depth = 1
    try:
        with pghistory.context(source=source.value, **_present(metadata)):
            yield
    finally:
        _opened.depth = 0


_begun = threading.local()


def context_begin(source: Source, **metadata) -> None:
    """`change_context` opened here and closed by `context_end`, for code told of a start and
    an end (a Celery task's signals) rather than wrapping what runs. Inside a context already
    open (a task run in-process, inside the request that queued it) nothing is opened: the
    writes are the request's."""
    stack = _begun.__dict__.setdefault("contexts", [])
    if context_open():
        stack.append(None)
        return
    opened = change_context(source, **metadata)
    opened.__enter__()
    stack.append(opened)


def context_end() -> None:
    stack = _begun.__dict__.get("contexts") or [None]
    opened = stack.pop()
    if opened is not None:
        opened.__exit__(None, None, None)


def context_open() -> bool:
    return getattr(_opened, "depth", 0) > 0


def change_context_add(**metadata) -> None:
    """Add to the open context (nothing when none is open); a None value is left out."""
    if context_open():
        pghistory.context(**_present(metadata))


def change_context_now() -> dict:
    """The open context's metadata (`source` among it), or {} when none is open: what writes
    made later on the caller's behalf (a bulk job's items) carry again
    (`change_context_again`)."""
    if not context_open():
        return {}
    # Entered inside an open context, pghistory's context manager hands over that context.
    with pghistory.context() as current:
        return dict(current.metadata)


@contextmanager
def change_context_again(metadata: dict) -> Iterator[None]:
    """The writes inside carry `metadata` (taken by `change_context_now`): in a context already
    open (a worker's task), in place of its own source and actor."""
    if context_open():
        change_context_add(**metadata)
        yield
        return
    rest = dict(metadata)
    with change_context(Source(rest.pop("source", Source.WORKER)), **rest):
        yield


def actor_added(actor_type: ActorType, name: str, **more) -> None:
    change_context_add(actorType=actor_type.value, actorName=name, **more)


def _present(metadata: dict) -> dict:
    return {key: value for key, value in metadata.items() if value is not None}


# --- reasons ---------------------------------------------------------------------------------

REASON_HEADER = "X-Change-Reason"
REASON_META = "HTTP_X_CHANGE_REASON"
REASON_MAX_LENGTH = 500
INVALID_REASON = f"Invalid {REASON_HEADER}"
REASON_REQUIRED = f"{REASON_HEADER} is required for this company"
_CONTROL_CHARACTERS = re.compile(r"[\x00-\x1f\x7f-\x9f]")


def reason_from_header(sent: str) -> str:
    """The reason an X-Change-Reason header carries, as WSGI hands it over (latin-1 text): read
    as UTF-8 when its bytes are UTF-8, else as the latin-1 text it is; refused (400) unless
    `reason_valid`."""
    try:
        reason = sent.encode("latin-1").decode("utf-8")
    except UnicodeError:
        reason = sent
    return reason_valid(reason)


def reason_valid(reason: str) -> str:
    """`reason` as given, 1 to 500 characters without control characters, or refused (400)."""
    if not 1 <= len(reason) <= REASON_MAX_LENGTH or _CONTROL_CHARACTERS.search(reason):
        raise ServiceError(INVALID_REASON)
    return reason
