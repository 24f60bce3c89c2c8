"""A record's related rows read with it, in the same query, as the text of a JSON list.

A list that shows each record's few related rows (an item's notes) read them in a query of
their own, which selected the page's records again as its subquery: a round trip and a second
compilation of the page's query per list. `JsonList` is a correlated subquery in the record's
own query instead, whose value is its rows as JSON objects, in its queryset's order, the JSON
text each vendor makes (`loads` reads it): on PostgreSQL `array_to_json(ARRAY(...))` (an
`ARRAY` of a subquery keeps the subquery's order), on SQLite `json_group_array` over the
ordered subquery (SQLite keeps a subquery's order under an aggregate; `make run` only).

A JSON object holds strings (and nested objects) as the answer writes them; a timestamp is
written as orjson writes it in an answer (`2026-01-02T03:04:05.123456Z`, without the fraction
when it is zero), so the rows' bytes are those of the separate query's. Numbers are not
written: PostgreSQL's text of a decimal or a float is not orjson's.
"""

from collections.abc import Mapping

import orjson
from django.db.models import (
    DateTimeField,
    Exists,
    Expression,
    F,
    Func,
    QuerySet,
    Subquery,
    TextField,
)

# Mapping of a JSON object's keys to their expressions, or to a nested object's mapping.
Shape = Mapping[str, "Expression | F | Shape"]

loads = orjson.loads


class JsonList(Expression):
    """The rows of `queryset` (filtered by `OuterRef`s to the record's and ordered) as the text
    of a JSON list of objects shaped as `shape`; `[]` when it has none.

    Whether it has any is asked first (`EXISTS`, an index probe): building an empty list took
    PostgreSQL a sort and the list's assembly per record, most of a list's subquery cost when,
    as for most items, there are no rows (1.6 to 1.0 ms over 1,000 items, a quarter with
    notes; 1.0 to 0.1 ms for movement requests when none)."""

    output_field = TextField()

    def __init__(self, queryset: QuerySet, shape: Shape):
        super().__init__()
        self.any = Exists(queryset.order_by())
        self.rows = Subquery(queryset.values(jsonObject=_JsonObject(shape)))

    def get_source_expressions(self):
        return [self.any, self.rows]

    def set_source_expressions(self, expressions):
        self.any, self.rows = expressions

    def as_postgresql(self, compiler, connection, **extra):
        # An ARRAY of a subquery keeps the subquery's order.
        return self._guarded(compiler, "array_to_json(ARRAY%s)::text")

    def as_sqlite(self, compiler, connection, **extra):
        # SQLite keeps a subquery's order under an aggregate.
        return self._guarded(compiler, "(SELECT json_group_array(json(jsonObject)) FROM %s)")

    def _guarded(self, compiler, rows_template: str) -> tuple[str, list]:
        any_sql, any_params = compiler.compile(self.any)
        rows_sql, rows_params = compiler.compile(self.rows)
        return (
            f"CASE WHEN {any_sql} THEN {rows_template % rows_sql} ELSE '[]' END",
            [*any_params, *rows_params],
        )


class _JsonObject(Func):
    """A JSON object of `shape`'s keys, in their order (PostgreSQL's `json_build_object`, not
    `jsonb_build_object`, which orders keys by their length)."""

    output_field = TextField()

    def __init__(self, shape: Shape):
        self.keys = tuple(shape)
        values = [
            value if isinstance(value, Expression | F) else _JsonObject(value)
            for value in shape.values()
        ]
        super().__init__(*values)

    def as_postgresql(self, compiler, connection, **extra):
        return self._as_vendor(compiler, connection, "json_build_object")

    def as_sqlite(self, compiler, connection, **extra):
        return self._as_vendor(compiler, connection, "json_object")

    def _as_vendor(self, compiler, connection, function: str):
        timestamp = timestamp_sql(connection)
        parts, params = [], []
        for key, value in zip(self.keys, self.get_source_expressions(), strict=True):
            sql, value_params = compiler.compile(value)
            if isinstance(getattr(value, "output_field", None), DateTimeField):
                sql = timestamp % sql
            parts.append(f"'{plain_key(key)}', {sql}")
            params += value_params
        return f"{function}({', '.join(parts)})", params


# A timestamp as orjson writes it in the answers (OPT_UTC_Z). PostgreSQL's session is in UTC
# (Django sets it); its `.US` is always six digits, which orjson leaves out when they are zero.
_POSTGRESQL_TIMESTAMP = (
    "replace(to_char((%s) AT TIME ZONE 'UTC', 'YYYY-MM-DD\"T\"HH24:MI:SS.US\"Z\"'), "
    "'.000000Z', 'Z')"
)
# SQLite keeps a timestamp as Django writes it: UTC, `2026-01-02 03:04:05.123456`, without the
# fraction when it is zero.
_SQLITE_TIMESTAMP = "(replace(%s, ' ', 'T') || 'Z')"


def plain_key(key: str) -> str:
    """`key`, checked to be a plain name: keys are written into the query's SQL and its JSON
    text as they are (a parameter's type is one the server could not tell), unescaped."""
    if not (key.isascii() and key.replace("_", "").isalnum()):
        raise ValueError(f"{key!r}: keys are written unescaped, so they must be plain names")
    return key


def timestamp_sql(connection) -> str:
    """The SQL, with `%s` for the timestamp's, of its text as an answer writes it."""
    return _POSTGRESQL_TIMESTAMP if connection.vendor == "postgresql" else _SQLITE_TIMESTAMP
