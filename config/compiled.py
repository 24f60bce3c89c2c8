"""Reads whose SQL Django compiles once, then runs again with each request's values.

Building a queryset and compiling it to SQL was a third of the Python time of `GET /companies`
(its filter, its page's order and limit, the columns' expressions walked anew each request),
though its SQL is the same every time but for its values. A read whose SQL has the same shape
for every request (the same filters and page, whatever their values) builds its queryset with a
`Param` wherever a request's value goes; `compiled_rows` compiles it once per shape and
connection and afterwards runs that SQL with the request's values.

The SQL runs through Django's cursor, as the queryset would run it (counted, wrapped, in the
request's transaction), each value made ready for the database by its `Param`'s field (a UUID
as hex on SQLite), and the rows are converted as the queryset converts them: what comes back
is what `list(queryset.values_list(...))` gives.
"""

from collections import OrderedDict
from collections.abc import Callable, Hashable, Iterator, Mapping
from contextlib import contextmanager, nullcontext
from dataclasses import dataclass
from functools import cached_property

from django.db import DEFAULT_DB_ALIAS, connection, connections
from django.db.models import Expression, Field, QuerySet
from django.db.models.sql.compiler import SQLCompiler

# Shapes kept per connection (a page's limit is one of what shapes its SQL); the least used
# is compiled again when more come.
MOST_SHAPES = 256
# Where a connection keeps its compiled shapes.
SHAPES_ATTRIBUTE = "_compiled_reads"
# How a read `for_any_values` is planned (`_planned_once_for_any_values`).
PLANNED_ONCE = ("plan_cache_mode = force_generic_plan", "enable_bitmapscan = off")


class Param(Expression):
    """Where a request's value goes in a compiled read's queryset: `%s` in its SQL, the value
    named `name` in `compiled_rows`' values, made ready for the database as `output_field`."""

    def __init__(self, name: str, output_field: Field):
        super().__init__(output_field=output_field)
        self.name = name

    @cached_property
    def identity(self):
        # Two Params of the same name are one: a read's queryset made again is the same shape.
        return (self.__class__, self.name)

    def as_sql(self, compiler, connection):
        return "%s", [self]


@dataclass(frozen=True)
class _Compiled:
    sql: str
    # The SQL's parameters: constants, and the Params that take the request's values.
    params: tuple
    compiler: SQLCompiler
    # The compiler's converters of the selected columns (for its backend), found once.
    converters: dict


def compiled_rows(
    shape: Hashable,
    build: Callable[[], QuerySet],
    values: Mapping[str, object],
    *,
    for_any_values: bool = False,
) -> list[tuple]:
    """The rows, as tuples, of the `.values()` or `.values_list()` queryset `build()` makes with
    a `Param` for each of `values`, compiled once per `shape` (what, besides those values,
    makes its SQL: the same shape, the same SQL) on this connection. `for_any_values`, its
    limit is a parameter too, and it is prepared on its first run and planned once, for any
    values (`_planned_once_for_any_values`)."""
    compiled = _compiled(shape, build, limit_sent=for_any_values)
    params = [
        param.output_field.get_db_prep_value(values[param.name], connection)
        if isinstance(param, Param)
        else param
        for param in compiled.params
    ]
    compiler = compiled.compiler
    planned = _planned_once_for_any_values() if for_any_values else nullcontext()
    with connection.cursor() as cursor, planned:
        cursor.execute(compiled.sql, params)
        rows = cursor.fetchall()
    if compiler.has_extra_select:
        # Columns Django selects only to order by, as its own reads leave them out.
        rows = [row[: compiler.col_count] for row in rows]
    if not compiled.converters:
        return rows
    return [tuple(row) for row in compiler.apply_converters(map(list, rows), compiled.converters)]


@contextmanager
def _planned_once_for_any_values() -> Iterator[None]:
    # A compiled read runs often, so psycopg prepares it on its first run (rather than after
    # `prepare_threshold` runs), and PostgreSQL runs the plan it makes for any values
    # (`plan_cache_mode`) rather than judging, after planning the first five values it sees,
    # whether to plan each run anew. Made for any company, that plan expects an average one,
    # and an average company's page can be a row or none: a plan that reads every row the
    # index finds and sorts them then looks as cheap as one reading the index in order, and
    # for a large company it is the whole list. Without bitmap scans, the index read in order
    # is the cheapest (docs/decisions.md, "Pages planned once for any company").
    # Set for this one query, on the thread's own connection: other queries keep plans made
    # for their values, which a partial index needs (an event due is found by one that holds
    # only PENDING ones). psycopg sends the settings, the query and the resets together (its
    # pipeline), and a failed query's transaction takes the settings back with it. A
    # connection that prepares nothing (threshold None) is left so.
    database = connection.connection
    threshold = getattr(database, "prepare_threshold", None)
    if threshold is None:
        yield
        return
    database.prepare_threshold = 0
    try:
        with database.pipeline():
            for setting in PLANNED_ONCE:
                database.execute(f"SET {setting}", prepare=False)
            yield
            for setting in PLANNED_ONCE:
                database.execute(f"RESET {setting.split()[0]}", prepare=False)
    finally:
        database.prepare_threshold = threshold


def _compiled(shape: Hashable, build: Callable[[], QuerySet], limit_sent: bool) -> _Compiled:
    # Per connection, so per thread (`connection` is a proxy to the thread's own): no two
    # threads share the shapes, and the compiler converts rows for its connection's backend.
    shapes = connections[DEFAULT_DB_ALIAS].__dict__.setdefault(SHAPES_ATTRIBUTE, OrderedDict())
    compiled = shapes.get(shape)
    if compiled is None:
        queryset = build()
        query = queryset.query
        if limit_sent and query.low_mark:
            # Its limit cleared to be sent apart, its offset would go with it.
            raise ValueError("a read planned for any values pages by its order, not an offset")
        limit = query.high_mark if limit_sent else None
        if limit is not None:
            query = query.clone()
            query.clear_limits()
        compiler = query.get_compiler(using=queryset.db)
        sql, params = compiler.as_sql()
        if limit is not None:
            # The limit a parameter, so the plan made for any values is made for any limit:
            # PostgreSQL then expects to take a tenth of the rows it estimates, which the
            # index gives in order. Written in, a limit above the rows it estimates for a
            # company (its share of the table) planned a read of the company's every row,
            # sorted, however large the company.
            sql, params = f"{sql} LIMIT %s", (*params, limit)
        converters = compiler.get_converters(
            [column for column, *_ in compiler.select[: compiler.col_count]]
        )
        compiled = shapes[shape] = _Compiled(sql, tuple(params), compiler, converters)
        if len(shapes) > MOST_SHAPES:
            shapes.popitem(last=False)
    else:
        shapes.move_to_end(shape)
    return compiled
