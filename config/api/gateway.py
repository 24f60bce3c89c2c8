"""`POST /gateway`: the interface's full request envelope, sent to one endpoint.

`{"verb": "GET", "request": "orders/<id>", "vendor": "hlos", "filters": {...}, "data": {...}}`
is turned into the request the direct path would receive (same headers, `filters` as the query
string, `data` as the JSON body) and handed to the very view that serves that path, so the
answer is the direct call's answer: same status, same body.
"""

import io
import json
from urllib.parse import urlencode

from django.conf import settings
from django.core.handlers.wsgi import WSGIRequest
from django.urls import Resolver404, resolve
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiResponse, extend_schema, extend_schema_field
from rest_framework import serializers
from rest_framework.exceptions import (
    AuthenticationFailed,
    NotAuthenticated,
    NotFound,
    ParseError,
    ValidationError,
)
from rest_framework.permissions import AllowAny
from rest_framework.settings import api_settings
from rest_framework.views import APIView

from config.api.docs import GATEWAY
from config.api.envelope import EnvelopeRenderer
from config.api.fields import VendorField
from config.api.middleware import strip_trailing_slash
from config.api.parsers import JSONBodyParser
from config.api.schema import ErrorEnvelopeSerializer
from config.api.schema_hooks import (
    IDEMPOTENCY_KEY_META,
    INVALID_IDEMPOTENCY_KEY,
    WELL_FORMED_IDEMPOTENCY_KEY,
)
from config.api.serializers import StrictReadingMixin
from config.api.views import UnknownPathView, unknown_path_message
from config.kernel.audit import REASON_META, reason_from_header
from config.kernel.errors import ServiceError


@extend_schema_field({})
class PayloadField(serializers.JSONField):
    """Any JSON value, null too, and in the schema the empty schema, which allows every value.
    It takes null itself rather than by allow_null: an allow_null field's schema would be
    `oneOf: [{}, {type: null}]`, which no null satisfies (it matches both branches)."""

    def validate_empty_values(self, data):
        if data is None:
            return (True, None)
        return super().validate_empty_values(data)


class GatewayRequestSerializer(StrictReadingMixin, serializers.Serializer):
    # As strict as a write body (config.api.serializers): each value of its JSON type, and no
    # longer than its max_length as sent (before trimming), as the schema states them. Its names
    # are single words, and its missing values keep DRF's wording.
    # Bounds as on every body (docs/decisions/0005-input-bounds-and-codes.md).
    verb = serializers.CharField(
        max_length=10, help_text="HTTP method of the operation, e.g. GET or POST."
    )
    request = serializers.CharField(
        max_length=2000,
        help_text="The operation's path without the leading slash, identifiers filled in.",
    )
    vendor = VendorField(
        max_length=100, help_text="The service's vendor constant (SERVICE_VENDOR), in any case."
    )
    filters = serializers.DictField(
        required=False, default=dict, help_text="Read criteria, sent as the query string."
    )
    data = PayloadField(required=False, help_text="The write payload, sent as the body.")


class GatewayView(APIView):
    # The envelope itself is the body here: it must not be unwrapped like other write bodies.
    parser_classes = [JSONBodyParser]
    # The dispatched view authenticates the caller and counts the request against its budget,
    # exactly as a direct call; doing it here too would answer some calls differently.
    authentication_classes = []
    permission_classes = [AllowAny]
    throttle_classes = []
    # Its success answers are any operation's: GatewayResult, an envelope of any data.
    envelope_shape = "Gateway"

    @extend_schema(
        operation_id="gateway",
        **GATEWAY,
        request=GatewayRequestSerializer,
        responses={
            200: OpenApiResponse(
                OpenApiTypes.ANY, description="Exactly what the dispatched call answers."
            ),
            201: OpenApiResponse(
                OpenApiTypes.ANY, description="What a dispatched call that creates answers."
            ),
            405: OpenApiResponse(
                ErrorEnvelopeSerializer, description="The path does not take this verb."
            ),
        },
    )
    def post(self, request):
        # The caller is judged before the vendor: without a valid key, the dispatched view
        # refuses the call as the direct call is refused (401, or 404 for an unknown path),
        # whatever the vendor; an envelope that names no call at all is a 401 here.
        authenticated = self._has_valid_key(request)
        envelope = self._envelope(request, authenticated=authenticated)
        vendor_known = envelope["vendor"].strip().lower() == settings.SERVICE_VENDOR.lower()
        if authenticated and not vendor_known:
            raise ServiceError(f"Unknown vendor: vendor must be {settings.SERVICE_VENDOR}")
        # The Idempotency-Key header is the dispatched call's, and the schema states its form on
        # the gateway: one of another form is refused whatever the verb, as a direct write
        # refuses it (companies.api.idempotency), though a read has no use for a good one.
        key = request.META.get(IDEMPOTENCY_KEY_META)
        if authenticated and key is not None and not WELL_FORMED_IDEMPOTENCY_KEY.fullmatch(key):
            raise ServiceError(INVALID_IDEMPOTENCY_KEY)
        # So is the X-Change-Reason header: the dispatched write keeps it, any call judges it.
        if authenticated and REASON_META in request.META:
            reason_from_header(request.META[REASON_META])

        verb = envelope["verb"].strip().upper()
        path, _, query = envelope["request"].strip().partition("?")
        path = strip_trailing_slash("/" + path.lstrip("/"))
        view = self._api_view_for(verb, path)
        inner = self._inner_request(request, verb, path, query, envelope)
        # The budget the dispatched call counts against is announced on the gateway's answer
        # (config.api.throttling.budget_counted).
        response = view.func(inner, *view.args, **view.kwargs)
        # Rendered by the dispatched view's renderer and context, so the gateway adds nothing.
        if hasattr(response, "render"):  # a replayed answer comes already rendered
            response.render()
        if verb == "HEAD":
            response.content = b""
        return response

    def get_authenticate_header(self, request):
        # The 401s the gateway gives itself announce the scheme the operations take.
        return _operations_authenticators()[0].authenticate_header(request)

    @staticmethod
    def _has_valid_key(request) -> bool:
        """Whether the operations' authentication (the project's default) accepts the caller."""
        try:
            return any(
                authenticator.authenticate(request) is not None
                for authenticator in _operations_authenticators()
            )
        except AuthenticationFailed:
            return False

    @staticmethod
    def _envelope(request, *, authenticated: bool) -> dict:
        try:
            envelope = GatewayRequestSerializer(data=request.data)
            envelope.is_valid(raise_exception=True)
        except (ParseError, ValidationError):
            if not authenticated:
                raise NotAuthenticated() from None
            raise
        return envelope.validated_data

    @staticmethod
    def _api_view_for(verb: str, path: str):
        try:
            match = resolve(path)
        except Resolver404:
            match = None
        view_class = getattr(match.func, "cls", None) if match else None
        # Only the interface's operations, the views that answer in the envelope, are reachable:
        # not the admin, the docs, or the gateway itself.
        is_operation = (
            isinstance(view_class, type)
            and issubclass(view_class, APIView)
            and EnvelopeRenderer in view_class.renderer_classes
            and not issubclass(view_class, GatewayView | UnknownPathView)
        )
        if not is_operation:
            raise NotFound(unknown_path_message(verb, path))
        return match

    @staticmethod
    def _inner_request(request, verb: str, path: str, query: str, envelope: dict) -> WSGIRequest:
        filters = urlencode(envelope["filters"], doseq=True)
        body = json.dumps(envelope["data"]).encode() if "data" in envelope else b""
        environ = {
            **request.META,
            "REQUEST_METHOD": verb,
            # WSGI carries the path and query as UTF-8 bytes read as Latin-1 text.
            "PATH_INFO": wsgi_text(path),
            "QUERY_STRING": wsgi_text("&".join(part for part in (query, filters) if part)),
            "CONTENT_TYPE": "application/json",
            "CONTENT_LENGTH": str(len(body)),
            "wsgi.input": io.BytesIO(body),
        }
        return WSGIRequest(environ)


def _operations_authenticators():
    return [authentication() for authentication in api_settings.DEFAULT_AUTHENTICATION_CLASSES]


def wsgi_text(text: str) -> str:
    return text.encode().decode("latin-1")
