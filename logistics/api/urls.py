from django.urls import path

from config.api.sandbox import sandbox_only
from logistics.api import views
from logistics.api.sandbox import MovementSandboxAdvanceView

urlpatterns = [
    path("movement_requests", views.MovementRequestListView.as_view(), name="movement-requests"),
    path(
        "movement_requests/onboarding",
        views.OnboardingView.as_view(),
        name="movement-requests-onboarding",
    ),
    path(
        "movement_requests/offboarding",
        views.OffboardingView.as_view(),
        name="movement-requests-offboarding",
    ),
    # Not in production, where the path is unknown (config.api.sandbox).
    path(
        "sandbox/movement_requests/<str:movement_request_id>/advance",
        sandbox_only(MovementSandboxAdvanceView.as_view()),
        name="sandbox-movement-request-advance",
    ),
    path(
        "movement_requests/<str:movement_request_id>/shipments",
        views.MovementRequestShipmentsView.as_view(),
        name="movement-request-shipments",
    ),
    # Last: its pattern would also take the words of the routes above.
    path(
        "movement_requests/<str:movement_request_id>",
        views.MovementRequestDetailView.as_view(),
        name="movement-request",
    ),
]
