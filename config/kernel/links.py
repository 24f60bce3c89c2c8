"""Absolute URLs in answers (an `image`), from the paths the database stores.

Stored values stay relative (`/static/hardware/types/pc.svg`), so a database moves between
hosts unchanged; answers make them absolute at answer time, against a base:

- `PUBLIC_BASE_URL` when set (the address clients know the service by, e.g. behind a proxy);
- else, while answering an API request, that request's scheme and host
  (`request.build_absolute_uri`), so the gateway, which dispatches with its own request's
  headers, answers the same URLs as the direct call;
- else (events, commands, the admin's payloads): no base, and paths stay relative. An event
  is recorded once and read by a receiver that sent no request: only `PUBLIC_BASE_URL` says
  where the service is for it; a host guessed from `ALLOWED_HOSTS` could be wrong.

The request being answered is held for the duration of the answer (`answering`, set by
`config.api.middleware.AnswerBaseMiddleware`), as Django holds the script prefix `reverse()`
uses, so the selectors shaping rows need no request passed down to them.
"""

import re
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar

from django.conf import settings
from django.http import HttpRequest

# A URL's scheme (RFC 3986): what makes a reference absolute on its own.
URL_SCHEME = re.compile(r"[A-Za-z][A-Za-z0-9+.-]*:")
_answered: ContextVar[HttpRequest | None] = ContextVar("answered_request", default=None)
# Where a request keeps the base once worked out (many rows, one base).
_BASE_ATTRIBUTE = "_hlos_url_base"


@contextmanager
def answering(request: HttpRequest | None) -> Iterator[None]:
    """URLs made inside are absolute against `request`'s host (unless PUBLIC_BASE_URL is set);
    `None` for what is made for no request (an event's payload): relative paths then."""
    token = _answered.set(request)
    try:
        yield
    finally:
        _answered.reset(token)


def answered() -> HttpRequest | None:
    """The request being answered now (`answering`), to answer for it again later: a streamed
    answer is written after its view, and the middleware that set it, have returned."""
    return _answered.get()


def url_base() -> str:
    """The base of the absolute URLs made now (no trailing slash), or "" for none."""
    if settings.PUBLIC_BASE_URL:
        return settings.PUBLIC_BASE_URL.removesuffix("/")
    request = _answered.get()
    if request is None:
        return ""
    base = getattr(request, _BASE_ATTRIBUTE, None)
    if base is None:
        base = request.build_absolute_uri("/").removesuffix("/")
        setattr(request, _BASE_ATTRIBUTE, base)
    return base


def absolute_url(reference: str | None, base: str) -> str | None:
    """`reference` (a stored path, or a URL an operator typed) made absolute against `base`.
    An empty value, and any value without a base, are returned as they are; a path goes after
    the base; a URL with a scheme (`https:`, `data:`) stays as it is; a scheme-relative one
    (`//cdn...`) takes the base's scheme; anything else goes after the base and a slash, as it
    is (no `..` is resolved)."""
    if not reference or not base:
        return reference
    if reference.startswith("//"):
        return base.split(":", 1)[0] + ":" + reference
    if reference.startswith("/"):
        return base + reference  # the stored paths: the common case
    if URL_SCHEME.match(reference):
        return reference
    return f"{base}/{reference}"


def with_absolute_images(value, base: str):
    """A copy of a record as read for no request (an event's payload: stored paths as they are
    unless PUBLIC_BASE_URL is set), its `image` values made absolute against `base`, as a read
    for the request would have made them."""
    if isinstance(value, dict):
        return {
            key: absolute_url(item, base) if key == "image" else with_absolute_images(item, base)
            for key, item in value.items()
        }
    if isinstance(value, list):
        return [with_absolute_images(item, base) for item in value]
    return value


# An http(s) URL (a webhook's) exactly as RFC 3986 writes one, the schema's pattern and the
# validator's test in one: a host name (no IP-literal in brackets), an optional user, a port a
# socket can have, then path, query and fragment of the characters each may hold (a `%` only
# before two hex digits). White space around it is trimmed. Refusing here what urlsplit or a
# socket would fail on later means a company learns of a bad URL when it sets it, not from its
# failed deliveries; and one pattern for both means Schemathesis (and any client validating
# against the schema) agrees with the service on every value, and every URL answered is a
# `format: uri`.
_URL_PLAIN = "A-Za-z0-9._~!$&'()*+,;="  # unreserved and sub-delims, but `-`
_URL_ESCAPE = "%[0-9A-Fa-f]{2}"
_URL_CHAR = f"(?:[{_URL_PLAIN}:@-]|{_URL_ESCAPE})"  # RFC 3986's pchar
_URL_PORT = r"(?:6553[0-5]|655[0-2][0-9]|65[0-4][0-9]{2}|6[0-4][0-9]{3}|[1-5][0-9]{4}|[0-9]{1,4})"
HTTP_URL_PATTERN = (
    r"^\s*[hH][tT][tT][pP][sS]?://"
    rf"(?:(?:[{_URL_PLAIN}:-]|{_URL_ESCAPE})*@)?(?:[{_URL_PLAIN}-]|{_URL_ESCAPE})+"
    rf"(?::{_URL_PORT}?)?(?:/{_URL_CHAR}*)*(?:\?(?:{_URL_CHAR}|[/?])*)?(?:#(?:{_URL_CHAR}|[/?])*)?"
    r"\s*$"
)


def is_http_url(value: str) -> bool:
    return re.search(HTTP_URL_PATTERN, value) is not None
