from django.urls import path

from logistics.api import views

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
    # Last: its pattern would also take the words of the routes above.
    path(
        "movement_requests/<str:movement_request_id>",
        views.MovementRequestDetailView.as_view(),
        name="movement-request",
    ),
]
