from django.apps import AppConfig


class OrdersConfig(AppConfig):
    name = "orders"

    def ready(self):
        # The operator's `transition` command (in logistics) moves our records too, without
        # importing us: we register how.
        from config.transitions import transition_register
        from orders.transitions import order_transition

        transition_register("order", order_transition)
