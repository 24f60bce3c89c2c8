from django.urls import path

from config.api.sandbox import sandbox_only
from hardware.api import lifecycle_views, views
from hardware.api.sandbox import HardwareSandboxWipeView

urlpatterns = [
    path("hardwares", views.HardwareListView.as_view(), name="hardwares"),
    path("hardwares/storages", views.StorageHardwareListView.as_view(), name="hardware-storages"),
    path("hardwares/<str:hardware_id>", views.HardwareDetailView.as_view(), name="hardware"),
    path(
        "hardwares/<str:hardware_id>/wipes",
        lifecycle_views.HardwareWipeListView.as_view(),
        name="hardware-wipes",
    ),
    path(
        "hardwares/<str:hardware_id>/wipes/<str:wipe_id>/certificate",
        lifecycle_views.HardwareWipeCertificateView.as_view(),
        name="hardware-wipe-certificate",
    ),
    path(
        "hardwares/<str:hardware_id>/retire",
        lifecycle_views.HardwareRetireView.as_view(),
        name="hardware-retire",
    ),
    path(
        "hardwares/<str:hardware_id>/reinstate",
        lifecycle_views.HardwareReinstateView.as_view(),
        name="hardware-reinstate",
    ),
    # Not in production, where the path is unknown (config.api.sandbox).
    path(
        "sandbox/hardwares/<str:hardware_id>/wipe",
        sandbox_only(HardwareSandboxWipeView.as_view()),
        name="sandbox-hardware-wipe",
    ),
]
