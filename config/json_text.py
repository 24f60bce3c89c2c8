"""A record's related rows written by the database as the text of their JSON objects.

An item's notes and movement requests are read with the item, in its query, as JSON lists
(config.json_lists): `JsonText` is an expression whose value is one row's JSON object as text,
written by PostgreSQL (or SQLite, `make run`) from the row's columns, which the list joins and
the answer carries as it is (`orjson.Fragment`).

The text is the JSON an answer writes for the same values: a string escaped by the database's
own JSON functions (`to_json`, `json_quote`), a timestamp as orjson writes it
(`2026-01-02T03:04:05.123456Z`, without the fraction when it is zero), a null `null`. Those
are the values the lists hold; a column of another type is refused when the query is built.

A shape maps the object's keys, in order, to columns (`F`) or expressions and nested shapes.
The item itself is assembled in Python (config.answers): PostgreSQL's JSON writing of its forty
values cost more than reading them plain and writing them with orjson.
"""

from collections.abc import Mapping
from functools import cached_property

from django.db.models import CharField, DateTimeField, Expression, TextField

from config.answers import Shape  # here only columns and nested shapes
from config.db import is_plain

# PostgreSQL's most arguments of a function call.
_MOST_ARGUMENTS = 100


class JsonText(Expression):
    """The text of the JSON object of `shape`, written by the database for each row."""

    output_field = TextField()

    def __init__(self, shape: Shape):
        super().__init__()
        self.shape = shape
        self._values = _flattened(shape)

    @cached_property
    def identity(self):
        # Django tells expressions apart by their arguments, which a shape's dicts cannot be
        # hashed as: a shape is told apart by itself (a resolved copy shares it).
        return (self.__class__, id(self.shape))

    def get_source_expressions(self):
        return list(self._values)

    def set_source_expressions(self, expressions):
        self._values = list(expressions)

    def as_sql(self, compiler, connection):
        values = iter(self._values)
        return _object_sql(self.shape, values, compiler, connection)


def _flattened(shape: Shape) -> list:
    """Every column or expression of `shape`, nested ones too, in the order they are written."""
    values = []
    for value in shape.values():
        values += _flattened(value) if isinstance(value, Mapping) else [value]
    return values


def _object_sql(shape: Shape, values, compiler, connection) -> tuple[str, list]:
    """The object's text: its keys and values joined."""
    # (SQL, parameters) of each piece.
    pieces: list[tuple[str, list]] = []
    for position, (key, value) in enumerate(shape.items()):
        pieces.append(_literal(("{" if position == 0 else ",") + _quoted(key) + ":"))
        if isinstance(value, Mapping):
            pieces.append(_object_sql(value, values, compiler, connection))
        else:
            sql, params = _value_sql(next(values), compiler, connection)
            pieces.append((f"coalesce({sql}, 'null')", params))
    pieces.append(_literal("}"))
    params = [param for _, params in pieces for param in params]
    if connection.vendor == "postgresql":
        # One `concat` writes the text once (a chain of `||` copies it at each step).
        return _concat([sql for sql, _ in pieces]), params
    return "(" + " || ".join(sql for sql, _ in pieces) + ")", params


def _concat(parts: list[str]) -> str:
    if len(parts) > _MOST_ARGUMENTS:
        raise ValueError(f"an object of {len(parts)} pieces: PostgreSQL takes 100 arguments")
    return f"concat({', '.join(parts)})"


def _literal(text: str) -> tuple[str, list]:
    # JSON punctuation and plain keys (`_quoted`): nothing to escape in an SQL literal.
    return f"'{text}'", []


def _quoted(key: str) -> str:
    return f'"{plain_key(key)}"'


def _value_sql(value, compiler, connection) -> tuple[str, list]:
    """A text or timestamp column's value as JSON text, null when it is null."""
    field = value.output_field
    if isinstance(field, DateTimeField):
        sql, params = compiler.compile(value)
        return f"'\"' || {timestamp_sql(connection) % sql} || '\"'", params
    if not isinstance(field, CharField | TextField):
        raise ValueError(f"{field!r}: JsonText writes text and timestamps only")
    sql, params = compiler.compile(value)
    if connection.vendor == "postgresql":
        return f"to_json({sql})::text", params
    return f"CASE WHEN {sql} IS NOT NULL THEN json_quote({sql}) END", params * 2


# A timestamp as orjson writes it in the answers (OPT_UTC_Z). PostgreSQL's session is in UTC
# (Django sets it); its `.US` is always six digits, which orjson leaves out when they are zero.
_POSTGRESQL_TIMESTAMP = (
    "replace(to_char((%s) AT TIME ZONE 'UTC', 'YYYY-MM-DD\"T\"HH24:MI:SS.US\"Z\"'), "
    "'.000000Z', 'Z')"
)
# SQLite keeps a timestamp as Django writes it: UTC, `2026-01-02 03:04:05.123456`, without the
# fraction when it is zero.
_SQLITE_TIMESTAMP = "(replace(%s, ' ', 'T') || 'Z')"


def timestamp_sql(connection) -> str:
    """The SQL, with `%s` for the timestamp's, of its text as an answer writes it."""
    return _POSTGRESQL_TIMESTAMP if connection.vendor == "postgresql" else _SQLITE_TIMESTAMP


def plain_key(key: str) -> str:
    """`key`, checked to be a plain name: keys are written into the query's SQL and its JSON
    text as they are (a parameter's type is one the server could not tell), unescaped."""
    if not is_plain(key):
        raise ValueError(f"{key!r}: keys are written unescaped, so they must be plain names")
    return key
