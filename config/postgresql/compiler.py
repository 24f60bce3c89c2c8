"""Django's PostgreSQL compilers, but a page's limit is sent as a parameter (`limit_sent`).

PostgreSQL plans a prepared query once for any values (settings: `plan_cache_mode`), and
estimates a company's records at its share of the table. With the limit written into the SQL,
a page asking for more records than that estimate was planned to read the company's every
record and sort them, however large the company: a large company among many small ones read
its whole list for each page. Not knowing the limit, PostgreSQL expects to take a tenth of
the records, which an index gives in the page's order, and it reads a page whatever the
company (docs/decisions.md, "Pages planned once for any company").
"""

from django.db.backends.postgresql import compiler
from django.db.backends.postgresql.compiler import (
    SQLAggregateCompiler,
    SQLDeleteCompiler,
    SQLInsertCompiler,
    SQLUpdateCompiler,
)

__all__ = [
    "SQLAggregateCompiler",
    "SQLCompiler",
    "SQLDeleteCompiler",
    "SQLInsertCompiler",
    "SQLUpdateCompiler",
]

# Set on a query (config.db.limit_sent) whose limit goes as a parameter; a query's clones
# keep it, so a page read again as a subquery (an order's lines) sends its limit too.
LIMIT_SENT = "limit_sent"


class SQLCompiler(compiler.SQLCompiler):
    def as_sql(self, with_limits=True, with_col_aliases=False):
        query = self.query
        sent = (
            with_limits
            and getattr(query, LIMIT_SENT, False)
            and query.high_mark is not None
            and not query.low_mark
            # Where Django writes more after the limit, or wraps the query around it.
            and not query.select_for_update
            and not query.combinator
            and not query.distinct
        )
        if not sent:
            return super().as_sql(with_limits, with_col_aliases)
        sql, params = super().as_sql(False, with_col_aliases)
        return f"{sql} LIMIT %s", (*params, query.high_mark)
