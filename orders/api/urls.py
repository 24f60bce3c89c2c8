from django.urls import path

from config.api.sandbox import sandbox_only
from orders.api import views
from orders.api.quote import OrderQuoteView
from orders.api.sandbox import OrderSandboxAdvanceView

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
    # Not in production, where the path is unknown (config.api.sandbox).
    path(
        "sandbox/orders/<str:order_id>/advance",
        sandbox_only(OrderSandboxAdvanceView.as_view()),
        name="sandbox-order-advance",
    ),
    path(
        "orders/<str:order_id>/shipments",
        views.OrderShipmentsView.as_view(),
        name="order-shipments",
    ),
    # Last: its pattern would also take the words of the routes above.
    path("orders/<str:order_id>", views.OrderDetailView.as_view(), name="order"),
]
