"""Keyset paging of every list: `limit` (1..500) and an opaque `cursor`.

Without either the answer is the whole list, exactly as before paging existed. With `limit`
the answer holds at most that many records in the list's order and, when more remain, a
`Link: <next page>; rel="next"` header (RFC 8288) with the same query and a `cursor`.

The cursor names the last record answered by the values of its list's order (a `Keyset`,
config.kernel.keyset), not by an offset. It is signed, so a cursor the service did not make, or
made for another list, is refused (`Invalid cursor`) instead of being read as a position.

A list view asks for the page (`page_requested`), its selector narrows its queryset with it and
reads the key columns with its rows (`Page.narrow`, `Page.columns`), and the view answers with
`page_response`, which takes the key columns out again.
"""

import re
from collections.abc import Callable
from datetime import datetime
from uuid import UUID

from django.core import signing
from django.http import HttpResponse
from drf_spectacular.utils import OpenApiParameter
from rest_framework.request import Request

from config.api.envelope import JSON, json_bytes, success_envelope
from config.kernel.errors import ServiceError
from config.kernel.keyset import WHOLE_LIST, Keyset, Page

MAX_LIMIT = 500
INVALID_LIMIT = f"Invalid limit: expected a whole number from 1 to {MAX_LIMIT}"
INVALID_CURSOR = "Invalid cursor"
# A cursor holds a list's name and a few values: anything much longer was not made here.
MAX_CURSOR_LENGTH = 512
_SIGNING_SALT = "config.api.paging.cursor"

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


def page_response(
    request: Request, page: Page, records: list, render: Callable[[list], list] = list
) -> HttpResponse:
    """The answer of the page read with `page.narrow`: at most `limit` records, with the link
    to the next page when more remain. Records are rows (dicts) or model instances, which
    `render` turns into the answer's list."""
    if page.keyset is None:
        return list_answer(render(records))
    more = page.limit is not None and len(records) > page.limit
    records = records[: page.limit] if more else records
    last_key = page.keys_taken(records)
    response = list_answer(render(records))
    if more:
        cursor = cursor_make(page.keyset, last_key)
        response["Link"] = f'<{_url_with(request, cursor)}>; rel="next"'
    return response


def list_answer(rows: list) -> HttpResponse:
    """A list's answer, its bytes written here, as the renderer writes them: the rows are let go
    once the view returns. In a DRF Response they stayed in reference cycles with its view and
    request until the garbage collector found them, and its collections took a quarter of a
    list's time (docs/decisions/0072)."""
    return HttpResponse(json_bytes(success_envelope(rows, 200)), content_type=JSON)


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
    after_key = None if cursor is None else cursor_read(keyset, cursor)
    return Page(keyset=keyset, limit=limit, after_key=after_key)


def cursor_make(keyset: Keyset, key: tuple) -> str:
    values = [_jsonable(value) for value in key]
    return signing.dumps([keyset.name, values], salt=_SIGNING_SALT, compress=True)


def _jsonable(value):
    if isinstance(value, datetime):
        return value.isoformat()
    if isinstance(value, UUID):
        return str(value)
    return value


def cursor_read(keyset: Keyset, cursor: str) -> tuple:
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
