"""POST /tracking/webhooks/aftership and /tracking/webhooks/easypost: the tracking providers'
callbacks, with the carriers' news about the service's shipments (tracking.providers).

No API key, no request budget, not in the schema (the bodies are the providers' own), so a
plain Django view, not the API's: a callback is the provider's when it carries the provider's
signature over the raw body, checked before the body is read. Its writes are the provider's on
the audit trail (SYSTEM, by the provider's name: tracking.receiving). What a provider reads back
is a small JSON body of its own, whatever its Accept says (no 406 it would retry forever), not
the API's envelope: `{"status", "message"}`, with `shipments` (how many it was recorded on) when it
told of a tracking code. Providers retry whatever is not 2xx, so:

- its secret unset (AFTERSHIP_WEBHOOK_SECRET, EASYPOST_WEBHOOK_SECRET): 404, as any unknown path;
- a missing or wrong signature: 401 `refused`, nothing recorded;
- a body that is not the provider's callback (not JSON, not its shape, a time that cannot be
  read): 400 `refused`, nothing recorded;
- a callback with no tracking news (AfterShip's `edd_revise`, EasyPost's `batch.created`):
  200 `ignored`;
- kept for the shipments with its tracking code: 200 `accepted`, recorded by a worker within
  seconds, a callback told again recorded once (tracking.receiving, tracking.services);
- a tracking code no shipment has: 202 `unmatched`, kept for the operator and recorded on the
  shipment opened later with the code.
"""

import logging
from http import HTTPStatus

from django.http import JsonResponse
from django.utils.decorators import method_decorator
from django.views import View
from django.views.decorators.csrf import csrf_exempt

from config.api.views import UnknownPathView
from tracking.callbacks import tracking_update_accept
from tracking.providers import AFTERSHIP, EASYPOST, PayloadRefused, TrackingProvider

logger = logging.getLogger(__name__)

_unknown_path = UnknownPathView.as_view()


# A provider signs its body; it holds no session, so no CSRF token.
@method_decorator(csrf_exempt, name="dispatch")
class TrackingWebhookView(View):
    provider: TrackingProvider

    http_method_names = ["post"]

    def dispatch(self, request, *args, **kwargs):
        # Decided per request, from the settings, so a test can switch it.
        if self.provider.secret() is None:
            return _unknown_path(request, *args, **kwargs)
        return super().dispatch(request, *args, **kwargs)

    def http_method_not_allowed(self, request, *args, **kwargs):
        message = f"Cannot {request.method} {request.path}: a callback is a POST"
        answer = _answer(HTTPStatus.METHOD_NOT_ALLOWED, "refused", message)
        answer["Allow"] = "POST"
        return answer

    def post(self, request):
        provider, body = self.provider, request.body
        signature = request.META.get(_meta_key(provider.signature_header))
        if not provider.signed(body, signature):
            logger.warning("Refused a %s callback: missing or wrong signature", provider.name)
            message = f"Missing or wrong {provider.signature_header} signature"
            return _answer(HTTPStatus.UNAUTHORIZED, "refused", message)
        try:
            update = provider.update_of(body)
        except PayloadRefused as refused:
            logger.warning("Refused a signed %s callback: %s", provider.name, refused)
            return _answer(HTTPStatus.BAD_REQUEST, "refused", str(refused))
        if update is None:
            return _answer(HTTPStatus.OK, "ignored", "No tracking update: nothing recorded")
        # Kept, and recorded by a worker: the provider waits for no more.
        shipments = tracking_update_accept(provider=provider.provider, update=update)
        if not shipments:
            message = f"No shipment has tracking code {update.tracking_code}: kept"
            return _answer(HTTPStatus.ACCEPTED, "unmatched", message, shipments=0)
        message = f"Accepted for {shipments} shipment{'s' if shipments > 1 else ''}"
        return _answer(HTTPStatus.OK, "accepted", message, shipments=shipments)


class AfterShipWebhookView(TrackingWebhookView):
    provider = AFTERSHIP


class EasyPostWebhookView(TrackingWebhookView):
    provider = EASYPOST


def _answer(status_code: int, outcome: str, message: str, **more) -> JsonResponse:
    return JsonResponse({"status": outcome, "message": message, **more}, status=status_code)


def _meta_key(header: str) -> str:
    return "HTTP_" + header.upper().replace("-", "_")
