from django.urls import path

from orders.api import views
from orders.api.quote import OrderQuoteView

urlpatterns = [
    path("orders", views.OrderListView.as_view(), name="orders"),
    path("orders/quote", OrderQuoteView.as_view(), name="orders-quote"),
    path("orders/cancel", views.OrderCancelView.as_view(), name="orders-cancel"),
    path("orders/confirm", views.OrderConfirmView.as_view(), name="orders-confirm"),
    path(
        "orders/<str:order_id>/hardware-alternatives/select",
        views.AlternativeSelectView.as_view(),
        name="order-alternatives-select",
    ),
    path(
        "orders/<str:order_id>/hardware-requests/remove",
        views.LinesRemoveView.as_view(),
        name="order-hardware-requests-remove",
    ),
    # Last: its pattern would also take the words of the routes above.
    path("orders/<str:order_id>", views.OrderDetailView.as_view(), name="order"),
]
