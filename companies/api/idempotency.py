"""`Idempotency-Key` on every write (docs/decisions/0040-idempotency-keys.md).

`IdempotentAPIView` is the base of the interface's views. After authentication, a POST or PATCH
carrying the header claims the key for its API client before the view runs, and the final
rendered answer is kept after it; the rules (what a key already claimed answers, what is
kept, when a key expires) are companies.services'. The gateway needs nothing of its own: the
view it dispatches sees the gateway request's headers.
"""

import hashlib
import json

from django.http import HttpResponse
from rest_framework.views import APIView

from companies import services
from companies.models import IdempotencyKey
from config.api.schema_hooks import (
    IDEMPOTENCY_KEY_META,
    IDEMPOTENT_METHODS,
    INVALID_IDEMPOTENCY_KEY,
    REPLAYED_HEADER,
    WELL_FORMED_IDEMPOTENCY_KEY,
)
from config.kernel.audit import REASON_META, change_context_add, reason_from_header
from config.kernel.errors import ServiceError


class _Replay(Exception):
    def __init__(self, response: HttpResponse):
        self.response = response


def fingerprint(request) -> str:
    """Method, path, query (companyCode and other filters) and the parsed body."""
    described = {
        "method": request.method,
        "path": request.path_info,
        "query": sorted(request.query_params.lists()),
        "body": request.data,
    }
    text = json.dumps(described, sort_keys=True, default=str)
    return hashlib.sha256(text.encode()).hexdigest()


def claim(request) -> IdempotencyKey:
    """The key claimed for this request; raises a refusal, or `_Replay` with the kept answer."""
    key = request.META[IDEMPOTENCY_KEY_META]
    if not WELL_FORMED_IDEMPOTENCY_KEY.fullmatch(key):
        raise ServiceError(INVALID_IDEMPOTENCY_KEY)
    claimed = services.idempotency_key_claim(
        api_client=request.user, key=key, fingerprint=fingerprint(request)
    )
    if claimed.status_code is not None:
        response = HttpResponse(
            bytes(claimed.body), status=claimed.status_code, content_type=claimed.content_type
        )
        response[REPLAYED_HEADER] = "true"
        if claimed.location:
            response["Location"] = claimed.location
        raise _Replay(response)
    return claimed


def change_reason(request) -> str | None:
    """The request's X-Change-Reason, when it sends one, or refused (400 Invalid
    X-Change-Reason)."""
    sent = request.META.get(REASON_META)
    return None if sent is None else reason_from_header(sent)


class IdempotentAPIView(APIView):
    """APIView whose POST and PATCH honour an `Idempotency-Key` header."""

    _idempotency_row = None
    # False for a view whose answer carries a credential shown once (a SCIM token): its answer is
    # never kept, so the key is free again once it is answered, and a retry with it runs again
    # (docs/decisions/0085-scim-tokens.md). A request with the key while it runs is still 409.
    keeps_answers = True

    def initial(self, request, *args, **kwargs):
        super().initial(request, *args, **kwargs)
        if request.method in IDEMPOTENT_METHODS and request.user is not None:
            # The reason and the key go on the audit trail with every row the request writes.
            change_context_add(
                reason=change_reason(request), idempotencyKey=request.META.get(IDEMPOTENCY_KEY_META)
            )
        keyed = request.method in IDEMPOTENT_METHODS and IDEMPOTENCY_KEY_META in request.META
        if keyed and request.user is not None:
            self._idempotency_row = claim(request)

    def handle_exception(self, exc):
        if isinstance(exc, _Replay):
            return exc.response
        return super().handle_exception(exc)

    def dispatch(self, request, *args, **kwargs):
        try:
            response = super().dispatch(request, *args, **kwargs)
        except BaseException:
            if self._idempotency_row is not None:
                services.idempotency_key_release(claimed=self._idempotency_row)
            raise
        if self._idempotency_row is not None and not self.keeps_answers:
            services.idempotency_key_release(claimed=self._idempotency_row)
        elif self._idempotency_row is not None:
            if hasattr(response, "render"):
                response.render()
            services.idempotency_key_answer(
                claimed=self._idempotency_row,
                status_code=response.status_code,
                content_type=response.get("Content-Type", ""),
                location=response.get("Location", ""),
                body=bytes(response.content),
            )
        return response
