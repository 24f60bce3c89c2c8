"""A record's related rows read with it, in the same query, as the text of a JSON list.

A list that shows each record's few related rows (an item's notes) read them in a query of
their own, which selected the page's records again as its subquery: a round trip and a second
compilation of the page's query per list. `JsonList` is a correlated subquery in the record's
own query instead, whose value is its rows as JSON objects, in its queryset's order: each
object written as an answer writes it (config.json_text, compact, timestamps as orjson writes
them), joined by commas. On PostgreSQL the objects come from an `ARRAY` of the subquery, which
keeps its order; on SQLite (`make run`) from `group_concat` over the ordered subquery, SQLite
keeping a subquery's order under an aggregate. The text goes into a record's answer as it is
(`config.answers.Raw`).
"""

from django.db.models import Expression, QuerySet, Subquery, TextField

from config.json_text import JsonText, Shape


class JsonList(Expression):
    """The rows of `queryset` (filtered by `OuterRef`s to the record's and ordered) as the text
    of a JSON list of objects shaped as `shape`; `[]` when it has none.

    Whether it has any is asked first, by reading one row's key (an index probe): building an
    empty list took PostgreSQL a sort and the list's assembly per record, most of a list's
    subquery cost when, as for most items, there are no rows (1.6 to 1.0 ms over 1,000 items,
    a quarter with notes; 1.0 to 0.1 ms for movement requests when none). Not `EXISTS`:
    PostgreSQL answers an `EXISTS` asked of many records by hashing every row of the table
    first, and it counts a page's records before its LIMIT: a page of 100 of 100,000 items
    hashed all their notes, 5 ms before its first row."""

    output_field = TextField()

    def __init__(self, queryset: QuerySet, shape: Shape):
        super().__init__()
        self.any = Subquery(queryset.order_by().values("pk")[:1])
        self.rows = Subquery(queryset.values(jsonObject=JsonText(shape)))

    def get_source_expressions(self):
        return [self.any, self.rows]

    def set_source_expressions(self, expressions):
        self.any, self.rows = expressions

    def as_postgresql(self, compiler, connection, **extra):
        # An ARRAY of a subquery keeps the subquery's order.
        return self._guarded(compiler, "array_to_string(ARRAY%s, ',')")

    def as_sqlite(self, compiler, connection, **extra):
        # SQLite keeps a subquery's order under an aggregate.
        return self._guarded(compiler, "(SELECT group_concat(jsonObject, ',') FROM %s)")

    def _guarded(self, compiler, objects_template: str) -> tuple[str, list]:
        any_sql, any_params = compiler.compile(self.any)
        rows_sql, rows_params = compiler.compile(self.rows)
        return (
            f"CASE WHEN {any_sql} IS NOT NULL THEN '[' || {objects_template % rows_sql} || ']'"
            " ELSE '[]' END",
            [*any_params, *rows_params],
        )
