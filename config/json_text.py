"""A record's answer written by the database, as the text of its JSON object.

A long list of items spent two thirds of its time in Python: reading forty typed columns per
row (a UUID, a timestamp and a decimal parsed each), taking them apart into the answer's
nested objects, and writing them back out as JSON. `JsonText` is an expression whose value is
the answer's JSON text itself, written by PostgreSQL (or SQLite, `make run`) from the row's
columns as it reads them: Python reads one text column per row and hands it to the renderer
as it is (`orjson.Fragment`), so a list's cost per row is the database's, in C.

The text is the JSON an answer writes for the same values:

- strings are escaped by the database's own JSON functions (`to_json`, `json_quote`);
- a timestamp is written as orjson writes it (`2026-01-02T03:04:05.123456Z`, without the
  fraction when it is zero);
- a decimal is written as the database prints it (`1299.00`): the same number as orjson's
  float `1299.0`, read as a float by any JSON reader; on SQLite, as a float; an integer as
  itself (any other number goes through the database's JSON writer);
- a boolean is `true` or `false`, a UUID its dashed text, a null `null`.

A shape maps the object's keys, in order, to columns (`F`) or expressions, nested shapes,
`Optional` (a key left out when its value is null: a computer's specs, "only if applicable"),
`NullUnless` (a nested object that is null when a column is: an item's employee), `Raw` (a
JSON text the query writes itself: a `config.json_lists.JsonList`), and `AbsoluteUrl` (a stored
image path made absolute against the base of the request's URLs, as `config.links` does).
"""

from collections.abc import Mapping
from dataclasses import dataclass
from functools import cached_property

from django.db.models import (
    BooleanField,
    DateTimeField,
    DecimalField,
    Expression,
    F,
    IntegerField,
    TextField,
    UUIDField,
)

from config.db import is_plain
from config.links import URL_SCHEME, url_base

# PostgreSQL's most arguments of a function call.
_MOST_ARGUMENTS = 100

Shape = Mapping[str, "Expression | F | Shape"]


@dataclass(frozen=True)
class Optional:
    """A key left out of the object when its value is null."""

    value: Expression | F


@dataclass(frozen=True)
class NullUnless:
    """A nested object, or null when `column` is null."""

    column: Expression | F
    shape: Shape


@dataclass(frozen=True)
class Raw:
    """An expression whose text is JSON already, written into the object as it is."""

    value: Expression | F


_URL_SCHEME_SQL = "^" + URL_SCHEME.pattern


class AbsoluteUrl(Expression):
    """A stored reference (an image's `/static/...` path, or a URL an operator typed) made
    absolute against the base of the URLs answered now (`config.links.url_base`), by
    `config.links.absolute_url`'s rule: an empty value, or any value when there is no base,
    as it is; a path after the base; a URL with a scheme as it is; a scheme-relative one
    (`//cdn...`) with the base's scheme; anything else after the base and a slash."""

    output_field = TextField()

    def __init__(self, reference: Expression | F):
        super().__init__()
        self.reference = reference

    def get_source_expressions(self):
        return [self.reference]

    def set_source_expressions(self, expressions):
        (self.reference,) = expressions

    def as_sql(self, compiler, connection):
        sql, params = compiler.compile(self.reference)
        base = url_base()
        if not base:
            return sql, params
        # A URL's scheme (config.links.URL_SCHEME), as a regular expression of each vendor's
        # (Django gives SQLite its REGEXP).
        matches = "~" if connection.vendor == "postgresql" else "REGEXP"
        scheme = base.split(":", 1)[0] + ":"
        # (SQL, parameters) in the order they are written.
        parts = [
            (f"CASE WHEN {sql} IS NULL OR {sql} = '' THEN {sql}", params * 3),
            (f" WHEN substr({sql}, 1, 2) = '//' THEN %s || {sql}", [*params, scheme, *params]),
            (f" WHEN substr({sql}, 1, 1) = '/' THEN %s || {sql}", [*params, base, *params]),
            (f" WHEN {sql} {matches} '{_URL_SCHEME_SQL}' THEN {sql}", params * 2),
            (f" ELSE %s || {sql} END", [f"{base}/", *params]),
        ]
        return "".join(part for part, _ in parts), [p for _, each in parts for p in each]


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
        if isinstance(value, Mapping):
            values += _flattened(value)
        elif isinstance(value, NullUnless):
            values += [value.column, *_flattened(value.shape)]
        else:
            values.append(value.value if isinstance(value, Optional | Raw) else value)
    return values


def _object_sql(shape: Shape, values, compiler, connection) -> tuple[str, list]:
    """The object's text: its pieces joined, a null piece (an `Optional` one) left out."""
    # (SQL, parameters, whether it may be null) of each piece.
    pieces: list[tuple[str, list, bool]] = []
    for position, (key, value) in enumerate(shape.items()):
        name = ("{" if position == 0 else ",") + _quoted(key) + ":"
        if isinstance(value, Mapping):
            pieces.append(_literal(name))
            pieces.append((*_object_sql(value, values, compiler, connection), False))
        elif isinstance(value, NullUnless):
            column_sql, column_params = compiler.compile(next(values))
            nested_sql, nested_params = _object_sql(value.shape, values, compiler, connection)
            pieces.append(_literal(name))
            pieces.append(
                (
                    f"CASE WHEN {column_sql} IS NULL THEN 'null' ELSE {nested_sql} END",
                    [*column_params, *nested_params],
                    False,
                )
            )
        elif isinstance(value, Optional):
            if position == 0:
                raise ValueError(f"{key}: an object's first key cannot be left out")
            sql, params = _value_sql(next(values), compiler, connection)
            # Null when the value is, and then left out.
            pieces.append((f"('{name}' || {sql})", params, True))
        else:
            sql, params = (
                compiler.compile(next(values))
                if isinstance(value, Raw)
                else _value_sql(next(values), compiler, connection)
            )
            pieces.append(_literal(name))
            pieces.append((f"coalesce({sql}, 'null')", params, False))
    pieces.append(_literal("}"))
    params = [param for _, params, _ in pieces for param in params]
    if connection.vendor == "postgresql":
        # One `concat` writes the text once (a chain of `||` copies it at each step) and takes
        # a null as nothing; at most 100 arguments each.
        return _concat([sql for sql, _, _ in pieces]), params
    # `||` of a null is null: a piece that may be null is one left out, written as nothing.
    parts = [f"coalesce({sql}, '')" if nullable else sql for sql, _, nullable in pieces]
    return "(" + " || ".join(parts) + ")", params


def _concat(parts: list[str]) -> str:
    if len(parts) > _MOST_ARGUMENTS:
        parts = [
            _concat(parts[start : start + _MOST_ARGUMENTS])
            for start in range(0, len(parts), _MOST_ARGUMENTS)
        ]
    return f"concat({', '.join(parts)})"


def _literal(text: str) -> tuple[str, list, bool]:
    # JSON punctuation and plain keys (`_quoted`): nothing to escape in an SQL literal.
    return f"'{text}'", [], False


def _quoted(key: str) -> str:
    return f'"{plain_key(key)}"'


def _value_sql(value, compiler, connection) -> tuple[str, list]:
    """A column's value as JSON text, null when it is null."""
    sql, params = compiler.compile(value)
    field = getattr(value, "output_field", None)
    if field is not None and field.is_relation:
        field = field.target_field  # a foreign key's column holds its target's values
    postgresql = connection.vendor == "postgresql"
    if isinstance(field, DateTimeField):
        sql = f"'\"' || {timestamp_sql(connection) % sql} || '\"'"
    elif isinstance(field, BooleanField):
        sql = f"CASE WHEN {sql} THEN 'true' WHEN NOT {sql} THEN 'false' END"
        params = params * 2
    elif isinstance(field, UUIDField):
        sql = f"'\"' || {sql if postgresql else _sqlite_uuid(sql)} || '\"'"
        params = params if postgresql else params * 5
    elif isinstance(field, DecimalField):
        sql = f"({sql})::text" if postgresql else f"CAST({sql} AS REAL)"
    elif isinstance(field, IntegerField):
        sql = f"({sql})::text" if postgresql else f"CAST({sql} AS TEXT)"
    elif postgresql:
        sql = f"to_json({sql})::text"
    else:
        sql = f"CASE WHEN {sql} IS NOT NULL THEN json_quote({sql}) END"
        params = params * 2
    return sql, params


def _sqlite_uuid(sql: str) -> str:
    # SQLite keeps a UUID as its 32 hex digits: written dashed, as it is everywhere else.
    return (
        f"substr({sql}, 1, 8) || '-' || substr({sql}, 9, 4) || '-' || substr({sql}, 13, 4)"
        f" || '-' || substr({sql}, 17, 4) || '-' || substr({sql}, 21)"
    )


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
