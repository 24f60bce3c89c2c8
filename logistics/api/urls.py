from django.urls import path

from logistics.api import views

urlpatterns = [
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
]
