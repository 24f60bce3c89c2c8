from django.urls import path

from bulk.api import views

urlpatterns = [
    path("bulk-jobs", views.BulkJobListCreateView.as_view(), name="bulk-jobs"),
    path("bulk-jobs/<str:bulk_job_id>", views.BulkJobDetailView.as_view(), name="bulk-job"),
    path(
        "bulk-jobs/<str:bulk_job_id>/results",
        views.BulkJobResultsView.as_view(),
        name="bulk-job-results",
    ),
    path(
        "bulk-jobs/<str:bulk_job_id>/cancel",
        views.BulkJobCancelView.as_view(),
        name="bulk-job-cancel",
    ),
]
