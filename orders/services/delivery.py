"""Delivering an order: the hardware it bought, made for the company."""

from collections.abc import Callable
from dataclasses import replace
from datetime import datetime
from uuid import UUID

from django.conf import settings
from django.db.models import F, OuterRef, Subquery
from django.utils import timezone

from companies.models import Company
from config.kernel.database import records_touch
from config.kernel.errors import NotFound, ServiceError
from config.kernel.specs import SPECS
from config.kernel.workflow import event_record_about
from employees.models import Employee
from hardware import services as hardware_services
from hardware.choices import TYPES_WITH_SPECS, CreatedThrough
from hardware.corrections import hardware_correct
from hardware.models import Hardware, HardwareNote, HardwareType
from hardware.services import HardwareSpec
from orders.choices import SendTo
from orders.models import HardwareRequest, Order
from orders.services.records import selected_lines_of


def order_check_deliverable(order: Order) -> None:
    if order.send_to == SendTo.QUOTE_ONLY:
        raise ServiceError(
            f"Order {order.order_number} is a quote only (sendTo QUOTE_ONLY): it is never delivered"
        )
    if order.send_to == SendTo.EMPLOYEE and order.employee_id is None:
        raise ServiceError(
            f"Order {order.order_number} goes to an employee but names none: it cannot be delivered"
        )


def order_deliver(order: Order, *, serial_number: Callable[[], str] | None = None) -> None:
    """One hardware item per unit of each selected line, on the employee (sendTo EMPLOYEE) or
    in the storage of the order's country, without serial numbers (or each with a new one
    from `serial_number`: the sandbox's); the order's clientName is noted on each. Extended
    warranties are sold on lines but are never items. The order's delivery date is today."""
    order_check_deliverable(order)
    bought = timezone.now()
    notes = []
    for line in delivered_lines(order):
        spec = _hardware_spec(order, line, bought)
        for _ in range(line.amount):
            if serial_number is not None:
                spec = replace(spec, serial_number=serial_number())
            item = hardware_services.hardware_create(
                company=order.company,
                spec=spec,
                employee_id=order.employee_id if order.send_to == SendTo.EMPLOYEE else None,
                created_through=CreatedThrough.ORDER,
                created_order_id=order.pk,
                created_line_id=line.pk,
                touch_employee=False,  # once, below
            )
            if order.client_name:
                notes.append(
                    HardwareNote(
                        hardware=item,
                        content=f"Client Name: {order.client_name}",
                        # Written by the service, from what the client sent with the order.
                        author_email=settings.DEFAULT_FROM_EMAIL,
                    )
                )
    HardwareNote.objects.bulk_create(notes)
    if order.send_to == SendTo.EMPLOYEE:
        # The employee's hardwares show the items (GET /employees/{id}).
        records_touch(Employee.objects.filter(pk=order.employee_id))
    order.date_completed = bought
    order.date = bought.date()  # the interface's delivery date


def delivered_lines(order: Order) -> list[HardwareRequest]:
    """The selected lines delivered as hardware items: extended warranties and the other
    order-only types are sold on lines but never become items."""
    return delivered_lines_by_order([order])[order.pk]


def delivered_lines_by_order(orders: list[Order]) -> dict[UUID, list[HardwareRequest]]:
    """delivered_lines of each of `orders`, in two queries however many (the admin's bulk
    confirmation lists them)."""
    services_only = set(HardwareType.objects.filter(order_only=True).values_list("name", flat=True))
    lines = {order.pk: [] for order in orders}
    for line in selected_lines_of(orders):
        if line.hardware_type not in services_only:
            lines[line.order_id].append(line)
    return lines


def _hardware_spec(order: Order, line: HardwareRequest, bought: datetime) -> HardwareSpec:
    """A line's items: a catalog line's take the catalog model (its type, name and specs); a
    free-form line's take the line's type, brand and model, and its specs where items carry
    specs (computers)."""
    common = {
        "country_code": order.country_code,
        "brand": line.brand,
        "model": line.model,
        "date_bought": bought,
        "external_reference": line.external_item_id,
        "cost": line.quoted_unit_price,
        "cost_currency": order.currency,
    }
    if line.catalog_item_id is not None:
        return HardwareSpec(common_model_id=line.catalog_item_id, **common)
    specs = {}
    if line.hardware_type in TYPES_WITH_SPECS:
        specs = {field: getattr(line, field) for field in SPECS}
    return HardwareSpec(hardware_type=line.hardware_type, **common, **specs)


def line_serials_follow(item: Hardware, changed: set[str]) -> None:
    """An item an order line made has a corrected serial number (hardware.corrections): the
    line's `serialNumbers` are again its items' (those that have one, in the order they were
    made), and the order's answer having changed, its updatedAt moves and it says so."""
    if "serial_number" not in changed or item.created_line_id is None:
        return
    line = HardwareRequest.objects.filter(pk=item.created_line_id).select_related("order").first()
    if line is None:  # a line removed since: nothing shows the serials any more
        return
    made = Hardware.objects.filter(created_line_id=line.pk).exclude(serial_number="")
    line.serial_numbers = list(
        made.order_by("created_at", "id").values_list("serial_number", flat=True)
    )
    line.save(update_fields=["serial_numbers"])
    order = line.order
    records_touch(Order.objects.filter(pk=order.pk))
    event_record_about(order, "order.updated")


def order_item_serial_fill(*, company: Company, order_number: int, serial_number: str):
    """The next item of the company's delivered order without a serial number (in the order of
    its lines, then as they were made) gets `serial_number`, as PATCH /hardwares/{hardwareId}
    would give it: what changed, as the fix commands print it."""
    order = Order.objects.filter(company=company, order_number=order_number).first()
    if order is None:
        raise NotFound(f"Order {order_number} not found in {company.code}")
    # Its line's place among the order's lines (items made before lines were remembered last).
    line_made = HardwareRequest.objects.filter(pk=OuterRef("created_line_id"))
    waiting = (
        Hardware.objects.select_for_update()
        .filter(company=company, created_order_id=order.pk, serial_number="")
        .annotate(line_made=Subquery(line_made.values("created_at")[:1]))
        .order_by(F("line_made").asc(nulls_last=True), "created_at", "id")
        .first()
    )
    if waiting is None:
        raise ServiceError(f"Order {order_number} has no delivered item without a serial number")
    return hardware_correct(
        company=company, hardware_id=waiting.pk, changes={"serial_number": serial_number}
    )
