"""Keyset paging of every list: `limit` (1..500) and an opaque `cursor`.

Without either the answer is the whole list, exactly as before paging existed. With `limit`
the answer holds at most that many records in the list's order and, when more remain, a
`Link: <next page>; rel="next"` header (RFC 8288) with the same query and a `cursor`.

The cursor names the last record answered by the values of its list's order (a `Keyset`), not
by an offset: a page is read from the index where the last one ended, however deep the walk,
and a record created or changed during a walk is neither answered twice nor pushes another out
of it (each list orders by columns that do not change, the last of them unique). It is signed,
so a cursor the service did not make, or made for another list, is refused (`Invalid cursor`)
instead of being read as a position.

A list view asks for the page (`page_requested`), its selector narrows its queryset with it and
reads the key columns with its rows (`Page.narrow`, `Page.columns`), and the view answers with
`Page.response`, which takes the key columns out again (or, from a tuple row, reads its last
values, which its answer leaves out).
"""

import re
from collections.abc import Callable
from dataclasses import dataclass, replace
from datetime import datetime
from functools import cache, reduce
from uuid import UUID

from django.core import signing
from django.db.models import F, Model, Q, QuerySet
from drf_spectacular.utils import OpenApiParameter
from rest_framework.request import Request
from rest_framework.response import Response

from config.compiled import Param
from config.errors import ServiceError

MAX_LIMIT = 500
INVALID_LIMIT = "Invalid limit"
INVALID_CURSOR = "Invalid cursor"
# A cursor holds a list's name and a few values: anything much longer was not made here.
MAX_CURSOR_LENGTH = 512
_SIGNING_SALT = "config.api.paging.cursor"
_KEY_COLUMN = "pageKey{}"

# The two query parameters of every paged list, as the schema shows them.
LIMIT_PARAMETER = OpenApiParameter(
    "limit",
    {"type": "integer", "minimum": 1, "maximum": MAX_LIMIT},
    description=(
        f"At most this many records (1 to {MAX_LIMIT}), in the list's order; when more remain, "
        'the answer\'s `Link` header names the next page (`rel="next"`). Absent: the whole list.'
    ),
)
CURSOR_PARAMETER = OpenApiParameter(
    "cursor",
    {"type": "string", "minLength": 1, "maxLength": MAX_CURSOR_LENGTH},
    description=(
        'Where a page starts: copied from the `Link: <...>; rel="next"` header of the page '
        "before, never made by the client (it is opaque and signed)."
    ),
)
# The header of a page that is not the last, as the schema shows it on the 200 answer.
LINK_HEADER = OpenApiParameter(
    "Link",
    str,
    OpenApiParameter.HEADER,
    response=[200],
    description='`<absolute URL of the next page>; rel="next"` (RFC 8288) when more remain.',
)
# What a paged list's `extend_schema(parameters=...)` adds.
PAGING_PARAMETERS = [LIMIT_PARAMETER, CURSOR_PARAMETER, LINK_HEADER]


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

    def parametrized(self, model: type[Model]) -> tuple["Page", dict]:
        """This page with a `Param` for each value of its cursor (config.compiled), and those
        values by name: the same page for every cursor."""
        if self.after_key is None:
            return self, {}
        params = tuple(
            Param(_KEY_COLUMN.format(i), model._meta.get_field(field))
            for i, field in enumerate(self.keyset.fields)
        )
        values = {param.name: value for param, value in zip(params, self.after_key, strict=True)}
        return replace(self, after_key=params), values

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

    def response(
        self, request: Request, records: list, render: Callable[[list], list] = list
    ) -> Response:
        """The answer of the page read from `narrow`: at most `limit` records, with the link to
        the next page when more remain. Records are rows (dicts, or tuples whose last values are
        the key columns) or model instances, which `render` turns into the answer's list."""
        if self.keyset is None:
            return Response(render(records))
        more = self.limit is not None and len(records) > self.limit
        records = records[: self.limit] if more else records
        last_key = self.keys_taken(records)
        response = Response(render(records))
        if more:
            cursor = _cursor_make(self.keyset, last_key)
            response["Link"] = f'<{_url_with(request, cursor)}>; rel="next"'
        return response

    def keys_taken(self, records: list) -> tuple | None:
        """Takes the key columns out of rows read from `narrow`: the last one's key, or None.
        Dict rows give theirs up, each of them; tuple rows and instances keep theirs, which
        their answers leave out, so only the last one's is read."""
        if not records:
            return None
        if isinstance(records[0], dict):
            for record in records[:-1]:
                self._key_taken(record)
        return self._key_taken(records[-1])

    def _key_taken(self, record) -> tuple:
        if isinstance(record, tuple):
            # A row read as values: its key columns are its last.
            return record[-len(self.keyset.order) :]
        if isinstance(record, dict):
            return tuple(map(record.pop, _key_names(len(self.keyset.order))))
        return tuple(getattr(record, field) for field in self.keyset.fields)


@cache
def _key_names(count: int) -> tuple[str, ...]:
    # Once per length, not once per row.
    return tuple(_KEY_COLUMN.format(i) for i in range(count))


WHOLE_LIST = Page()


def page_requested(request: Request, keyset: Keyset) -> Page:
    """The page the query asks for: `limit` and `cursor`, each refused with its message."""
    params = request.query_params
    limit = params.get("limit")
    cursor = params.get("cursor")
    if limit is None and cursor is None:
        return WHOLE_LIST
    if limit is not None:
        limit = limit.strip()
        if not re.fullmatch(r"[0-9]{1,3}", limit) or not 1 <= int(limit) <= MAX_LIMIT:
            raise ServiceError(INVALID_LIMIT)
        limit = int(limit)
    after_key = None if cursor is None else _cursor_read(keyset, cursor)
    return Page(keyset=keyset, limit=limit, after_key=after_key)


def _cursor_make(keyset: Keyset, key: tuple) -> str:
    values = [_jsonable(value) for value in key]
    return signing.dumps([keyset.name, values], salt=_SIGNING_SALT, compress=True)


def _jsonable(value):
    if isinstance(value, datetime):
        return value.isoformat()
    if isinstance(value, UUID):
        return str(value)
    return value


def _cursor_read(keyset: Keyset, cursor: str) -> tuple:
    if len(cursor) > MAX_CURSOR_LENGTH:
        raise ServiceError(INVALID_CURSOR)
    try:
        name, values = signing.loads(cursor, salt=_SIGNING_SALT)
    except (signing.BadSignature, ValueError, TypeError):
        raise ServiceError(INVALID_CURSOR) from None
    if name != keyset.name or len(values) != len(keyset.order):
        raise ServiceError(INVALID_CURSOR)
    return tuple(values)


def _url_with(request: Request, cursor: str) -> str:
    """This request's absolute URL with `cursor` in place of the one it had."""
    query = request.query_params.copy()
    query["cursor"] = cursor
    return request.build_absolute_uri(f"{request.path}?{query.urlencode()}")
