from django.urls import path

from catalog.api import views

urlpatterns = [
    path("catalog", views.CatalogView.as_view(), name="catalog"),
]
