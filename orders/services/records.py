"""The order a service changes, found and locked as each caller may see it, and what every
change of an order shares: its selected lines, its update event, its cancellation e-mail."""

from uuid import UUID

from django.db.models import F, Q, QuerySet

from companies.models import Company
from config.kernel.errors import Forbidden, NotFound, ServiceError
from config.kernel.workflow import event_record_about
from config.ops.broker import publish_after_commit
from orders.choices import EDITABLE_STATUSES
from orders.models import HardwareRequest, Order
from orders.selectors import ORDER_NOT_FOUND
from orders.tasks import order_cancelled_email

ORDER_REQUEST_NOT_FOUND = "Order request not found"
ORDER_OF_ANOTHER_COMPANY = "Order request does not belong to this company"
HARDWARE_REQUEST_NOT_FOUND = "Hardware request not found"
LINE_OF_ANOTHER_ORDER = "Hardware request does not belong to this order"
# The interface's message first, then the order's status.
ALTERNATIVES_NOT_EDITABLE = (
    "Alternatives can only be modified when order is in PENDING or QUOTED status; "
    "this order is {status}"
)


def order_of_company_locked(company: Company, order_id: UUID) -> Order:
    """The company's order, locked; cancel and confirm refuse any other with a 400."""
    order = Order.objects.select_for_update().filter(pk=order_id, company=company).first()
    if order is None:
        raise ServiceError(ORDER_REQUEST_NOT_FOUND)
    return order


def order_of_client_locked(company: Company, order_id: UUID) -> Order:
    """The order, locked, if it belongs to `company`. An order of another company of the
    same API client is forbidden (403); one of another client is not found (404), so nothing
    reveals that it exists."""
    order = (
        Order.objects.select_for_update(of=("self",))
        .filter(pk=order_id, company__api_client_id=company.api_client_id)
        .first()
    )
    if order is None:
        raise NotFound(ORDER_REQUEST_NOT_FOUND)
    if order.company_id != company.id:
        raise Forbidden(ORDER_OF_ANOTHER_COMPANY)
    return order


def order_locked(order_id: UUID) -> Order:
    """Any order, locked: for operators, who work for every company."""
    order = Order.objects.select_for_update().filter(pk=order_id).first()
    if order is None:
        raise NotFound(ORDER_NOT_FOUND)
    return order


def order_lines_editable_locked(order_id: UUID) -> Order:
    """The order, locked, while its lines may still change (PENDING or QUOTED). An operator's
    page may have been opened before the client confirmed: what it sends is then refused."""
    order = order_locked(order_id)
    if order.status not in EDITABLE_STATUSES:
        raise ServiceError(
            f"Order {order.order_number} is now {order.status}: its lines can no longer change."
        )
    return order


def order_line(
    order: Order, hardware_request_id: UUID, *, company: Company | None = None
) -> HardwareRequest:
    """A line of `order`, with its alternative group. Not found (404) when there is no such
    line (of `company`, when given); refused (400) when it is a line of another order."""
    lines = HardwareRequest.objects.select_related("alternative_group")
    if company is not None:
        lines = lines.filter(order__company=company)
    line = lines.filter(pk=hardware_request_id).first()
    if line is None:
        raise NotFound(HARDWARE_REQUEST_NOT_FOUND)
    if line.order_id != order.pk:
        raise ServiceError(LINE_OF_ANOTHER_ORDER)
    return line


def selected_lines(order: Order) -> QuerySet[HardwareRequest]:
    """The lines the order buys: those in no group and each group's selected candidate, in
    the order GET /orders/{orderId} lists them."""
    return selected_lines_of([order])


def selected_lines_of(orders: list[Order]) -> QuerySet[HardwareRequest]:
    """The lines each of `orders` buys, in one query (selected_lines of each, in turn)."""
    return (
        HardwareRequest.objects.filter(order__in=orders)
        .filter(Q(alternative_group__isnull=True) | Q(alternative_group__selected=F("pk")))
        .select_related("catalog_item")
        .order_by("created_at", "id")
    )


def order_touched(order: Order) -> None:
    """Something of the order other than its status changed (lines, prices, alternatives):
    its updatedAt moves and its company hears `order.updated`."""
    order.save(update_fields=["updated_at"])
    event_record_about(order, "order.updated")


def order_cancelled_email_recipient(order: Order) -> str | None:
    """Who hears of the order's cancellation by e-mail: the company's contact, if known."""
    return order.company.contact_email or None


def order_cancelled_email_queue(order: Order) -> None:
    """E-mail the company's contact, when it has one, once the cancellation commits."""
    if order_cancelled_email_recipient(order):
        # A broker that is down or hung neither undoes the cancellation nor holds its answer.
        publish_after_commit(order_cancelled_email, str(order.pk))
