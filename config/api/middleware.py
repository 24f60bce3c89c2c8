"""Middleware of the HTTP conventions: optional trailing slashes, no HTML errors, and 503 when
the database does not answer."""

from django.http import HttpResponse, JsonResponse

from config.api.envelope import database_unavailable_answer, error_envelope
from config.api.throttling import budget_counted
from config.backoffice.middleware import ADMIN_PREFIX
from config.kernel.audit import Source, change_context
from config.kernel.links import answering
from config.ops.outages import database_unavailable
from config.ops.request_ids import current_request_id

# The sandbox's operations (config.api.sandbox): their writes are the sandbox's on the trail.
SANDBOX_PREFIX = "/sandbox/"

# Paths that keep Django's own slash handling and HTML pages (the admin, its static files).
NON_API_PREFIXES = (ADMIN_PREFIX, "/static/")


def strip_trailing_slash(path: str) -> str:
    if path != "/" and path.endswith("/") and not path.startswith(NON_API_PREFIXES):
        return path.rstrip("/")
    return path


class OptionalTrailingSlashMiddleware:
    """API paths answer with or without a trailing slash, the same way and without a
    redirect (which many clients would follow with a GET)."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        request.path_info = strip_trailing_slash(request.path_info)
        return self.get_response(request)


class JSONErrorsMiddleware:
    """The outermost safety net: an error page Django makes before or around our views (a
    bad Host header, a CSRF failure, a debug page) becomes an error envelope with the same
    status on every API path."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        response = self.get_response(request)
        is_html = response.get("Content-Type", "").startswith("text/html")
        if (
            response.status_code >= 400
            and is_html
            and not request.path.startswith(NON_API_PREFIXES)
        ):
            return error_envelope_in_place(response)
        return response


def error_envelope_in_place(page: HttpResponse) -> HttpResponse:
    """The error envelope of `page`'s status, answered in place of the page (headers, cookies
    and content), as a fresh JsonResponse would be. The same object: Django logs an error
    answer once, and has logged the page it made (a debug 500, a CSRF 403), where a new answer
    would be logged again."""
    status = page.status_code
    envelope = JsonResponse(error_envelope(status, page.reason_phrase), status=status)
    for name in list(page.headers):
        del page.headers[name]
    page.cookies.clear()
    for name, value in envelope.items():
        page[name] = value
    page.content = envelope.content
    return page


class RateLimitHeadersMiddleware:
    """`RateLimit-Limit`, `RateLimit-Remaining` and `RateLimit-Reset` on every answer that
    counted against a budget (config/api/throttling.py), success or error alike."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        with budget_counted() as counted:
            response = self.get_response(request)
        for name, value in counted.headers().items():
            response[name] = value
        return response


class AnswerBaseMiddleware:
    """URLs in the answer to a request are absolute against its host (config.kernel.links)."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        with answering(request):
            return self.get_response(request)


class DatabaseOutageMiddleware:
    """503 with Retry-After, not 500 and a traceback, when the database fails a page outside the
    API's views (the admin, the schema, the metrics): the API's own views answer so through their
    exception handler. The admin's pages get a line of text, the rest the error envelope."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        return self.get_response(request)

    def process_exception(self, request, exception):
        if not database_unavailable(exception):
            return None
        status, message, headers = database_unavailable_answer(exception)
        if request.path.startswith(NON_API_PREFIXES):
            return HttpResponse(message, status=status, headers=headers, content_type="text/plain")
        return JsonResponse(error_envelope(status, message), status=status, headers=headers)


class ChangeContextMiddleware:
    """Every write a request makes is on the audit trail with its source (the admin, the
    sandbox, else the API) and request id (config.kernel.audit); the actor and the reason are
    added once known (authentication, the view)."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        path = request.path_info
        if path.startswith(ADMIN_PREFIX):
            source = Source.ADMIN
        elif path.startswith(SANDBOX_PREFIX):
            source = Source.SANDBOX
        else:
            source = Source.API
        with change_context(source, requestId=current_request_id()):
            return self.get_response(request)
