"""The serial numbers of a delivered order's items, typed on the order's page in one form (issue
29): the items an order makes have none until someone types them.

Each serial changed is saved by the correction service PATCH /hardwares/{hardwareId} and the
import_serials command call (hardware.corrections), so the same rules hold (unique within the
company) and the order line's serialNumbers follow. They are saved together by the fix runner
(config.kernel.fixes.fix_run): one refusal, a serial taken in the company or typed twice in the
form, writes nothing, and each refusal is a message naming the item."""

from collections.abc import Iterator, Sequence
from functools import partial
from uuid import UUID

from django import forms
from django.contrib import admin, messages
from django.shortcuts import redirect
from django.urls import path, reverse
from django.views.decorators.http import require_POST

from companies.models import Company
from config.backoffice.audited import ReasonForm
from config.backoffice.base import form_errors_as_messages, refusal_text
from config.kernel.audit import change_context_add
from config.kernel.errors import ServiceError
from config.kernel.fixes import FixLine, fix_run
from hardware.corrections import hardware_correct
from hardware.models import Hardware
from orders.choices import OrderStatus
from orders.models import Order
from orders.selectors import order_items_made

CHANGED_MEANWHILE = "changed to {serial} since this page was opened: open it again"
NOT_DELIVERED = (
    "Serial numbers are typed for the items a DELIVERED order made; this order has none."
)


class SerialsForm(ReasonForm):
    """An input per item, holding its serial number, in the order of the order's lines; then
    the reason for the change."""

    def __init__(self, *args, items: Sequence[Hardware], **kwargs):
        super().__init__(*args, **kwargs)
        self.items = items
        width = Hardware._meta.get_field("serial_number").max_length
        for position, item in enumerate(items, start=1):
            self.fields[_input(item)] = forms.CharField(
                label=f"{position}. {item.name}",
                required=False,
                max_length=width,
                initial=item.serial_number,
            )
            # The serial the page showed: what the operator changed is told from what others
            # changed since (a client's PATCH, import_serials), which is not written back.
            self.fields[_shown(item)] = forms.CharField(
                required=False,
                max_length=width,
                initial=item.serial_number,
                widget=forms.HiddenInput,
            )
        self.order_fields([*map(_input, items), "reason"])

    def lines(self, company: Company) -> Iterator[FixLine]:
        """A line of the fix per item whose serial number the operator changed; refused when
        it changed since the page showed it."""
        for position, item in enumerate(self.items, start=1):
            serial, shown = self.cleaned_data[_input(item)], self.cleaned_data[_shown(item)]
            if serial in (shown, item.serial_number):
                continue  # not typed over, or already what was typed
            record = f"Item {position} ({item.name}), serial {serial or '(none)'}"
            if item.serial_number != shown:
                changed = CHANGED_MEANWHILE.format(serial=item.serial_number or "(none)")
                yield FixLine(partial(_refused, changed), record=record)
            else:
                yield FixLine(partial(_serial_set, company, item.pk, serial), record=record)


def _input(item: Hardware) -> str:
    return f"serial_{item.pk}"


def _shown(item: Hardware) -> str:
    return f"shown_{item.pk}"


def _refused(message: str):
    raise ServiceError(message)


def _serial_set(company: Company, hardware_id: UUID, serial: str):
    return [
        hardware_correct(
            company=company, hardware_id=hardware_id, changes={"serial_number": serial}
        )
    ]


class OrderSerialsAdmin(admin.ModelAdmin):
    """The order page's "Serial numbers" form, for a DELIVERED order that made items; mixed
    into the order's admin (an OperatorPageAdmin, whose `changeable` it uses)."""

    def render_change_form(self, request, context, add=False, change=False, form_url="", obj=None):
        items = self._items(obj) if obj is not None else []
        if items and self.has_change_permission(request, obj):
            context["serials_form"] = SerialsForm(items=items, auto_id="id_serials_%s")
            context["serials_url"] = reverse("admin:orders_order_serials", args=[obj.pk])
        return super().render_change_form(request, context, add, change, form_url, obj)

    def get_urls(self):
        serials = self.admin_site.admin_view(require_POST(self.serials_view))
        return [
            path("<uuid:order_id>/serials/", serials, name="orders_order_serials"),
            *super().get_urls(),
        ]

    def serials_view(self, request, order_id):
        order = self.changeable(request, order_id)
        items = self._items(order)
        form = SerialsForm(request.POST, items=items)
        if not items:
            messages.error(request, NOT_DELIVERED)
        elif form.is_valid():
            self._serials_save(request, order, form)
        else:
            form_errors_as_messages(request, form)
        return redirect("admin:orders_order_change", order.pk)

    def _serials_save(self, request, order: Order, form: SerialsForm) -> None:
        change_context_add(reason=form.cleaned_data["reason"])  # on every row written
        lines = partial(form.lines, order.company)
        outcome = fix_run(lines, commit=True, refusal_as_text=refusal_text)
        if outcome.errors:
            for error in outcome.errors:
                messages.error(request, error.text())
            messages.error(request, "Nothing saved: no serial number was changed.")
        elif outcome.count(True):
            messages.success(request, f"Saved {outcome.count(True)} serial number(s).")
        else:
            messages.info(request, "No serial number was changed.")

    def _items(self, order: Order) -> list[Hardware]:
        if order.status != OrderStatus.DELIVERED:
            return []
        return list(order_items_made(company=order.company, order_id=order.pk))
