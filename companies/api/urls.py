from django.urls import path

from companies.api import audit, views

urlpatterns = [
    path("companies", views.CompanyListView.as_view(), name="companies"),
    path("companies/<str:company_code>", views.CompanyDetailView.as_view(), name="company"),
    path(
        "companies/<str:company_code>/webhook-secret",
        views.CompanyWebhookSecretView.as_view(),
        name="company-webhook-secret",
    ),
    path(
        "companies/<str:company_code>/scim-token",
        views.CompanyScimTokenView.as_view(),
        name="company-scim-token",
    ),
    path(
        "companies/<str:company_code>/webhook-test",
        views.CompanyWebhookTestView.as_view(),
        name="company-webhook-test",
    ),
    path("audit-events", audit.AuditEventListView.as_view(), name="audit-events"),
    path("events", views.EventListView.as_view(), name="events"),
    path("events/<str:event_id>", views.EventDetailView.as_view(), name="event"),
    path(
        "events/<str:event_id>/redeliver",
        views.EventRedeliverView.as_view(),
        name="event-redeliver",
    ),
]
