"""Faster reads of long lists of rows on PostgreSQL."""

from collections.abc import Iterator
from contextlib import contextmanager

from django.db import connection
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
