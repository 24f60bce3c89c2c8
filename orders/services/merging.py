"""A merge's part (employees.merging): the duplicate's open orders are the kept employee's,
each told by `order.updated`. DELIVERED and CANCELLED orders keep naming the duplicate: they
are the history of what was sent to it."""

from config.kernel.changes import RecordChange
from config.kernel.workflow import event_record_about
from employees.models import Employee
from orders.choices import OrderStatus
from orders.models import Order

FINISHED = (OrderStatus.DELIVERED, OrderStatus.CANCELLED)


def orders_hand_over(duplicate: Employee, keep: Employee) -> list[RecordChange]:
    orders = Order.objects.select_related("company").select_for_update(of=("self",))
    changes = []
    open_orders = orders.filter(employee=duplicate).exclude(status__in=FINISHED)
    for order in open_orders.order_by("order_number"):
        order.employee = keep
        order.save(update_fields=["employee", "updated_at"])
        event_record_about(order, "order.updated")
        changes.append(
            RecordChange(f"Order {order.order_number}", {"employee": (duplicate.email, keep.email)})
        )
    return changes
