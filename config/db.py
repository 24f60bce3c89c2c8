"""The database beyond what Django gives: faster reads of long lists of rows on PostgreSQL,
and moving the updatedAt of records whose answer changed without a save of their own."""

from collections.abc import Iterator
from contextlib import contextmanager

from django.db import connection
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
    """Read timestamps with psycopg's own loader in the queries run inside.

    Django registers a pure-Python loader for `timestamptz` to attach its time zone, which
    costs more than half the time of reading a thousand rows. The connection's time zone is
    UTC, which psycopg's loader applies too: the same instants, several times faster."""
    if connection.vendor != "postgresql":
        yield
        return
    with connection.execute_wrapper(_load_timestamps_natively):
        yield


def records_touch(records: QuerySet) -> None:
    """Move the `updated_at` of `records` to now, in one UPDATE, in the caller's transaction:
    for a change a client sees on them that saved none of them (a line removed, their hardware
    landed, a movement they show moved). `auto_now` moves it only on `save()`, never on
    `QuerySet.update()`, `bulk_update` or a save with `update_fields` that leave it out
    (docs/decisions.md, "updatedAt: what moves it")."""
    records.update(updated_at=timezone.now())
