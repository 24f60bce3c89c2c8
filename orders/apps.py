from django.apps import AppConfig


class OrdersConfig(AppConfig):
    name = "orders"

    def ready(self):
        # The operator's `transition` command (in logistics) moves our records too, and
        # `seed_demo` (in hardware) tells our part of the demo, without importing us: we
        # register how.
        from config.demo import demo_part_register
        from config.metrics import RecordsByStatus, collector_register
        from config.transitions import transition_register
        from orders.demo import demo_orders_seed
        from orders.models import Order
        from orders.transitions import order_transition

        transition_register("order", order_transition)
        demo_part_register(30, "orders", demo_orders_seed)
        collector_register(RecordsByStatus("hlos_orders", "Orders by status.", Order))
