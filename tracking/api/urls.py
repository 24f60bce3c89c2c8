from django.urls import path

from config.api.sandbox import sandbox_only
from tracking.api import webhooks
from tracking.api.sandbox import ShipmentSimulateView

urlpatterns = [
    # The tracking providers' callbacks: no API key, each verified by its provider's signature
    # (tracking/api/webhooks.py); not in the schema, as their bodies are the providers' own.
    path(
        "tracking/webhooks/aftership",
        webhooks.AfterShipWebhookView.as_view(),
        name="tracking-webhook-aftership",
    ),
    path(
        "tracking/webhooks/easypost",
        webhooks.EasyPostWebhookView.as_view(),
        name="tracking-webhook-easypost",
    ),
    # Not in production, where the path is unknown (config.api.sandbox).
    path(
        "sandbox/shipments/<str:shipment_id>/simulate",
        sandbox_only(ShipmentSimulateView.as_view()),
        name="sandbox-shipment-simulate",
    ),
]
