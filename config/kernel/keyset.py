"""Keyset paging of a list read: the part of it a request asks for, by position, not offset.

A list is ordered by columns that never change, the last of them unique (a `Keyset`). A page
(`Page`) names where it starts by the key of the last record before it, so a page is read from
the index where the last one ended, however deep the walk, and a record created or changed
during a walk is neither answered twice nor pushes another out of it.

A selector narrows its queryset with the page (`Page.narrow`) and reads the key columns with
its rows (`Page.columns`); the API layer (config.api.paging) reads the page a request asks for
and answers it with a link to the next one.
"""

from dataclasses import dataclass
from functools import reduce

from django.db.models import F, Q, QuerySet

_KEY_COLUMN = "pageKey{}"


@dataclass(frozen=True)
class Keyset:
    """A list's order for paging: its name (cursors are made for one list) and the fields it is
    ordered by, `-` for descending, the last one unique."""

    name: str
    order: tuple[str, ...]

    @property
    def fields(self) -> tuple[str, ...]:
        return tuple(field.lstrip("-") for field in self.order)

    def after(self, values: list) -> Q:
        """The records after the one whose key is `values`: (a > x) or (a = x and b > y)...,
        `<` on descending fields. The first field's bound is added on its own as well, so the
        database starts its index scan at the cursor instead of filtering from the start."""
        strictly_after = []
        for position, field in enumerate(self.order):
            equal_before = dict(zip(self.fields[:position], values, strict=False))
            beyond = {f"{self.fields[position]}__{_beyond(field)}": values[position]}
            strictly_after.append(Q(**equal_before, **beyond))
        bound = Q(**{f"{self.fields[0]}__{_beyond(self.order[0])}e": values[0]})
        return bound & reduce(lambda left, right: left | right, strictly_after)


def _beyond(field: str) -> str:
    """The lookup of the values after a field's own: `lt` when it descends."""
    return "lt" if field.startswith("-") else "gt"


@dataclass(frozen=True)
class Page:
    """The part of a list a request asks for. `keyset` None: the whole list, as it always was."""

    keyset: Keyset | None = None
    limit: int | None = None
    after_key: tuple | None = None

    @property
    def columns(self) -> dict[str, F]:
        """The key columns a selector reads with its rows (`.values(**page.columns)`)."""
        if self.keyset is None:
            return {}
        return {_KEY_COLUMN.format(i): F(field) for i, field in enumerate(self.keyset.fields)}

    def narrow(self, queryset: QuerySet) -> QuerySet:
        """`queryset` in the list's order, from after the cursor, one record more than the
        limit (which tells whether another page follows)."""
        if self.keyset is None:
            return queryset
        queryset = queryset.order_by(*self.keyset.order)
        if self.after_key is not None:
            queryset = queryset.filter(self.keyset.after(list(self.after_key)))
        if self.limit is not None:
            queryset = queryset[: self.limit + 1]
        return queryset

    def keys_taken(self, records: list) -> tuple | None:
        """Takes the key columns out of the rows read from `narrow` (dicts, each of which gives
        them up; or model instances, which keep them): the last one's key, or None."""
        if not records:
            return None
        if isinstance(records[0], dict):
            names = [_KEY_COLUMN.format(i) for i in range(len(self.keyset.order))]
            for record in records[:-1]:
                for name in names:
                    del record[name]
            return tuple(map(records[-1].pop, names))
        return tuple(getattr(records[-1], field) for field in self.keyset.fields)


WHOLE_LIST = Page()
