"""How every list but the companies' answers (a client's companies are few): the page its
query asks for (config.api.paging), or the whole list, answered in chunks when it is long: its
rows read a chunk at a time and written as they are read, so a list of 100,000 items holds one
chunk in memory, not all of them, and its first bytes leave before its last rows are read.

The stream holds one chunk's rows at a time: a worker answering a long list grows by a
chunk's worth, not the list's (bench/streaming.py measures it).

A list that fits in one chunk (nearly all) is written at once (config.api.paging.list_answer).
A longer one is read as pages of its paging order (config.kernel.keyset: each chunk's reads start
at the index where the last one ended, as a client's walk would), and its body is the bytes the
renderer writes for the whole list: compact JSON, so a list is its rows' JSON joined by commas.
What a request is refused for (an unknown company, a bad filter) is refused before the first
byte is sent, in the error envelope as always: the first chunk is read before answering. A
failure once the first bytes are sent (the database gone) can only cut the answer short. Each
chunk read after the view returned has a database deadline of its own (config.ops.deadlines),
as a request has: a long list is bounded per chunk, not as a whole.
"""

from collections.abc import Callable, Iterator

from django.conf import settings
from django.http import HttpResponse, StreamingHttpResponse
from rest_framework import status
from rest_framework.request import Request

from config.api.envelope import JSON, json_bytes, success_envelope
from config.api.paging import list_answer, page_requested, page_response
from config.kernel.database import native_timestamps
from config.kernel.keyset import WHOLE_LIST, Keyset, Page
from config.kernel.links import answered, answering
from config.ops.deadlines import database_deadline

# Rows read and written at a time. The reads of a chunk are those of a page of as many rows.
CHUNK_ROWS = 1000

# The envelope around a list, split where its rows go.
_HEAD, _TAIL = json_bytes(success_envelope([], status.HTTP_200_OK)).split(b"[]")


def list_response(
    request: Request,
    keyset: Keyset,
    read: Callable[[Page], list],
    render: Callable[[list], list] = list,
) -> HttpResponse | StreamingHttpResponse:
    """The answer of the list whose records `read(page)` reads (rows, or instances `render`
    turns into the answer's rows): the page the query asks for, or the whole list, a page of
    `keyset` at a time, one chunk answered as any list is and more streamed (`GET` only: a
    HEAD's answer has no body)."""
    read = _with_native_timestamps(read)
    page = page_requested(request, keyset)
    if page is not WHOLE_LIST:
        return page_response(request, page, read(page), render)
    page = Page(keyset=keyset, limit=CHUNK_ROWS)
    records = read(page)
    if len(records) <= CHUNK_ROWS or request.method != "GET":
        return list_answer(render(_all_records(page, records, read)))
    return StreamingHttpResponse(_body(page, records, read, render, answered()), content_type=JSON)


def _with_native_timestamps(read: Callable[[Page], list]) -> Callable[[Page], list]:
    """`read`, its timestamps read with psycopg's compiled loader (config.kernel.database)."""

    def read_natively(page: Page) -> list:
        with native_timestamps():
            return read(page)

    return read_natively


def _all_records(page: Page, records: list, read) -> list:
    """Every record, read chunk after chunk (a HEAD of a long list: its length is GET's)."""
    every = []
    for chunk in _chunks(page, records, read, answered()):
        every += chunk
    return every


def _chunks(page: Page, rows: list, read, request) -> Iterator[list]:
    while True:
        more = len(rows) > CHUNK_ROWS
        del rows[CHUNK_ROWS:]
        last = page.keys_taken(rows)
        yield rows
        if not more:
            return
        rows = None
        page = Page(keyset=page.keyset, limit=CHUNK_ROWS, after_key=last)
        # Read after the view returned: for the request it answers (its absolute URLs).
        with answering(request), database_deadline(settings.DB_REQUEST_TIMEOUT):
            rows = read(page)


def _body(page: Page, rows: list, read, render, request) -> Iterator[bytes]:
    yield _HEAD + b"["
    separator = b""
    chunks = _chunks(page, rows, read, request)
    # Each chunk's rows are let go once written, the first one's too: a stream holds one chunk.
    del rows
    for chunk in chunks:
        if chunk:
            # A list's JSON without its brackets: its rows joined by commas.
            # Rendered, as read, for the request it answers (its absolute URLs).
            with answering(request):
                written = separator + json_bytes(render(chunk))[1:-1]
            chunk.clear()
            yield written
            separator = b","
    yield b"]" + _TAIL


# JSON Lines (https://jsonlines.org): one record's JSON a line, for clients that read a long
# list as it comes (a bulk job's results).
JSON_LINES = "application/x-ndjson"


def asks_for_json_lines(request: Request) -> bool:
    return JSON_LINES in request.META.get("HTTP_ACCEPT", "")


def json_lines_response(keyset: Keyset, read: Callable[[Page], list]) -> StreamingHttpResponse:
    """The whole list `read(page)` reads, a chunk of `keyset` at a time, one record a line. The
    first chunk is read before answering, so a refusal is still an error envelope."""
    read = _with_native_timestamps(read)
    page = Page(keyset=keyset, limit=CHUNK_ROWS)
    rows = read(page)

    def lines() -> Iterator[bytes]:
        for chunk in _chunks(page, rows, read, answered()):
            yield b"".join(json_bytes(row) + b"\n" for row in chunk)

    return StreamingHttpResponse(lines(), content_type=JSON_LINES)
