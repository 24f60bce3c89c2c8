"""Answers for paths no API view serves, and Django's last-resort error views, as envelopes."""

from django.core.exceptions import RequestDataTooBig
from django.http import JsonResponse
from django.views import defaults
from rest_framework import status
from rest_framework.exceptions import NotFound
from rest_framework.views import APIView

from config.api.envelope import SERVER_ERROR_MESSAGE, TOO_LARGE_MESSAGE, error_envelope
from config.backoffice.middleware import ADMIN_PREFIX


def unknown_path_message(method: str, path: str) -> str:
    return f"Cannot {method} {path}: no such endpoint"


class UnknownPathView(APIView):
    """The last URL pattern: whatever nothing else matched is a 404 envelope, with any method,
    authenticated or not (there is nothing behind it to protect)."""

    authentication_classes = []
    permission_classes = []
    throttle_classes = []
    schema = None

    def not_found(self, request, *args, **kwargs):
        raise NotFound(unknown_path_message(request.method, request.path))

    # With no handler defined, every method reaches http_method_not_allowed; OPTIONS too.
    http_method_not_allowed = options = not_found


def json_not_found(request, exception=None):
    """handler404: the admin keeps its HTML page; every other path answers JSON."""
    if request.path.startswith(ADMIN_PREFIX):
        return defaults.page_not_found(request, exception)
    body = error_envelope(404, unknown_path_message(request.method, request.path))
    return JsonResponse(body, status=status.HTTP_404_NOT_FOUND)


def json_bad_request(request, exception=None):
    """handler400, for the refusals Django makes outside the API's views (a body too large read
    by a middleware or a plain view is 413, as in the views)."""
    if isinstance(exception, RequestDataTooBig):
        body = error_envelope(413, TOO_LARGE_MESSAGE)
        return JsonResponse(body, status=status.HTTP_413_REQUEST_ENTITY_TOO_LARGE)
    return JsonResponse(error_envelope(400, "Bad request"), status=status.HTTP_400_BAD_REQUEST)


def json_forbidden(request, exception=None):
    return JsonResponse(error_envelope(403, "Forbidden"), status=status.HTTP_403_FORBIDDEN)


def json_server_error(request):
    body = error_envelope(500, SERVER_ERROR_MESSAGE)
    return JsonResponse(body, status=status.HTTP_500_INTERNAL_SERVER_ERROR)
