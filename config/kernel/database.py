"""The database beyond what Django gives: timestamps and JSON columns read with compiled
loaders, moving the updatedAt of records whose answer changed without a save of their own, and
writes run again when PostgreSQL ends them to break a deadlock."""

import functools
import re
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import ParamSpec, TypeVar

import orjson
from django.db import OperationalError, connection, models, transaction
from django.db.models import QuerySet
from django.utils import timezone
from psycopg import adapters
from psycopg.pq import Format

TIMESTAMPTZ_OID = adapters.types["timestamptz"].oid
# psycopg's own loader: compiled when psycopg's binary package is installed.
NATIVE_TIMESTAMPTZ_LOADER = adapters.get_loader(TIMESTAMPTZ_OID, Format.TEXT)


def _load_timestamps_natively(execute, sql, params, many, context):
    context["cursor"].cursor.adapters.register_loader(TIMESTAMPTZ_OID, NATIVE_TIMESTAMPTZ_LOADER)
    return execute(sql, params, many, context)


@contextmanager
def native_timestamps() -> Iterator[None]:
    """Read timestamps with psycopg's own loader in the queries run inside (a list's reads).

    Django registers a pure-Python loader for `timestamptz` to attach its time zone, which took
    a third of the time of reading a list of 1,000 items. The connection's time zone is UTC
    (settings.TIME_ZONE), which psycopg's loader applies too: the same instants, several times
    faster. Set on each cursor (`connection.execute_wrapper`), after Django has checked the
    connection's own loader."""
    with connection.execute_wrapper(_load_timestamps_natively):
        yield


# Nineteen digits in a row: maybe an integer past 64 bits, which orjson reads as a float.
_LONG_DIGITS = re.compile(r"[0-9]{19}")


class JSONField(models.JSONField):
    """Django's JSONField, its values read with orjson: an order list reads the serial numbers
    of every line, and the standard library's json took a tenth of its time. A text that may
    hold an integer past 64 bits (orjson makes it a float), one that orjson refuses, and a
    field given a decoder of its own are read as Django reads them."""

    def from_db_value(self, value, expression, connection):
        if type(value) is str and self.decoder is None and not _LONG_DIGITS.search(value):
            try:
                return orjson.loads(value)
            except orjson.JSONDecodeError:
                pass
        return super().from_db_value(value, expression, connection)


def records_touch(records: QuerySet) -> None:
    """Move the `updated_at` of `records` to now, in one UPDATE, in the caller's transaction:
    for a change a client sees on them that saved none of them (a line removed, their hardware
    landed, a movement they show moved). `auto_now` moves it only on `save()`, never on
    `QuerySet.update()`, `bulk_update` or a save with `update_fields` that leave it out
    (docs/decisions/0041-what-moves-updated-at.md)."""
    records.update(updated_at=timezone.now())


# PostgreSQL's code for a transaction it ended to break a deadlock.
DEADLOCK_DETECTED = "40P01"
# A write ended so is run again at most this many times more: each run that meets the same
# other write again waits for it first (deadlock_timeout, 1 s by default).
DEADLOCK_RETRIES = 2

Params = ParamSpec("Params")
Result = TypeVar("Result")


def atomic_retried(write: Callable[Params, Result]) -> Callable[Params, Result]:
    """`transaction.atomic` for a write whose row locks can meet another write's in the other
    order (two writes touching the same employees and items in different orders;
    tests/logistics/test_lock_order.py). PostgreSQL ends one of two such
    transactions; that one is rolled back whole and run again, and finds the other committed,
    instead of answering 500. Only a write that is its own transaction is run again: inside a
    caller's, the caller's work was lost with it, and the error goes up."""

    @functools.wraps(write)
    def run(*args: Params.args, **kwargs: Params.kwargs) -> Result:
        retries = 0 if connection.in_atomic_block else DEADLOCK_RETRIES
        while True:
            try:
                with transaction.atomic():
                    return write(*args, **kwargs)
            except OperationalError as error:
                cause = getattr(error.__cause__, "sqlstate", None)
                if cause != DEADLOCK_DETECTED or retries == 0:
                    raise
                retries -= 1

    return run
