from django.urls import path

from companies.api import views

urlpatterns = [
    path("companies", views.CompanyListView.as_view(), name="companies"),
    path("companies/<str:company_code>", views.CompanyDetailView.as_view(), name="company"),
    path(
        "companies/<str:company_code>/webhook-secret",
        views.CompanyWebhookSecretView.as_view(),
        name="company-webhook-secret",
    ),
]
