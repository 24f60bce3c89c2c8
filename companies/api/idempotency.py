"""`Idempotency-Key` on every write (docs/decisions.md, Idempotent retries).

`IdempotentAPIView` is the base of the interface's views. After authentication, a POST or PATCH
carrying the header claims the key for its API client by inserting a unique row in its own
transaction, before the view runs; the final rendered answer is then stored on that row (2xx
and 4xx) or the row is released (5xx, or an exception) so that a retry runs again. The gateway
needs nothing of its own: the view it dispatches sees the gateway request's headers.
"""

import hashlib
import json

from django.db import IntegrityError, transaction
from django.http import HttpResponse
from django.utils import timezone
from rest_framework.views import APIView

from companies.models import IdempotencyKey
from config.errors import Conflict, ServiceError

HEADER = "HTTP_IDEMPOTENCY_KEY"
METHODS = ("POST", "PATCH")
MAX_LENGTH = 255
INVALID_MESSAGE = "Invalid Idempotency-Key"
MISMATCH_MESSAGE = "Idempotency-Key has already been used for a different request"
IN_PROGRESS_MESSAGE = "A request with this Idempotency-Key is still being processed"
REPLAYED_HEADER = "Idempotent-Replayed"


class _Replay(Exception):
    def __init__(self, response: HttpResponse):
        self.response = response


def valid_key(key: str) -> bool:
    return 1 <= len(key) <= MAX_LENGTH and all(" " <= char <= "~" for char in key)


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


def expired_before():
    return timezone.now() - IdempotencyKey.LIFETIME


def claim(request) -> IdempotencyKey | None:
    """The claimed row for this request; raises a refusal, or `_Replay` with the stored answer."""
    key = request.META[HEADER]
    if not valid_key(key):
        raise ServiceError(INVALID_MESSAGE)
    printed = fingerprint(request)
    client = request.user
    with transaction.atomic():
        IdempotencyKey.objects.filter(
            api_client=client, key=key, created_at__lt=expired_before()
        ).delete()
    try:
        with transaction.atomic():
            return IdempotencyKey.objects.create(api_client=client, key=key, fingerprint=printed)
    except IntegrityError:
        pass
    stored = IdempotencyKey.objects.filter(api_client=client, key=key).first()
    if stored is None:  # released between our insert and our read: the caller may retry
        raise Conflict(IN_PROGRESS_MESSAGE)
    if stored.fingerprint != printed:
        raise ServiceError(MISMATCH_MESSAGE, status_code=422)
    if stored.status_code is None:
        raise Conflict(IN_PROGRESS_MESSAGE)
    response = HttpResponse(
        bytes(stored.body), status=stored.status_code, content_type=stored.content_type
    )
    response[REPLAYED_HEADER] = "true"
    raise _Replay(response)


def settle(row: IdempotencyKey, response) -> None:
    """Store the final answer on the claimed row, or release it for a 5xx."""
    if response.status_code >= 500:
        IdempotencyKey.objects.filter(pk=row.pk).delete()
        return
    if hasattr(response, "render"):
        response.render()
    row.status_code = response.status_code
    row.content_type = response.get("Content-Type", "")
    row.body = bytes(response.content)
    row.save(update_fields=["status_code", "content_type", "body"])


class IdempotentAPIView(APIView):
    """APIView whose POST and PATCH honour an `Idempotency-Key` header."""

    _idempotency_row = None

    def initial(self, request, *args, **kwargs):
        super().initial(request, *args, **kwargs)
        if request.method in METHODS and HEADER in request.META and request.user is not None:
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
                IdempotencyKey.objects.filter(pk=self._idempotency_row.pk).delete()
            raise
        if self._idempotency_row is not None:
            settle(self._idempotency_row, response)
        return response
