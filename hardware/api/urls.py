from django.urls import path

from hardware.api import views

urlpatterns = [
    path("hardwares", views.HardwareListView.as_view(), name="hardwares"),
    path("hardwares/storages", views.StorageHardwareListView.as_view(), name="hardware-storages"),
    path("hardwares/<str:hardware_id>", views.HardwareDetailView.as_view(), name="hardware"),
]
