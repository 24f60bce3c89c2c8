"""The back office's orders: the list an operator finds an order in, the order's page with its
lines (orders.admin_lines), moves (orders.admin_moves) and its items' serial numbers
(orders.admin_serials), and the resellers."""

from django.contrib import admin, messages
from django.shortcuts import redirect
from django.urls import path, reverse
from django.utils.html import format_html
from django.views.decorators.http import require_POST

from config.backoffice.base import form_errors_as_messages, refusals_as_messages
from config.backoffice.lists import age, company_code, one_line, person
from config.kernel.shipping import NO_SHIPPING
from hardware.models import Hardware
from orders import services
from orders.admin_lines import LineInline, OfferForm
from orders.admin_moves import OrderPageAdmin
from orders.admin_serials import OrderSerialsAdmin
from orders.choices import EDITABLE_STATUSES, OrderStatus
from orders.models import Order, Reseller


@admin.register(Order)
class OrderAdmin(OrderSerialsAdmin, OrderPageAdmin):
    # What an operator scans, narrow enough for 1366 px (config.backoffice.lists).
    list_display = ["order_number", company_code, "status", "employee_name", "items", age, "eta"]
    list_filter = ["company", "status", "country_code", "send_to"]
    # Operators find an order by what a client quotes: its number, its PO number or the
    # company code, exactly, or the start of the employee's e-mail.
    search_fields = ["order_number__exact", "=po_number", "=company__code", "^employee__email"]
    list_select_related = ["company", "employee"]
    fieldsets = [
        (
            None,
            {
                "fields": [
                    "order_number",
                    "company",
                    "status",
                    "send_to",
                    "country_code",
                    "currency",
                    "created_hardware",
                ]
            },
        ),
        (
            "Requested by",
            {
                "fields": [
                    "employee",
                    "api_client_requester_name",
                    "requester_email",
                    "client_name",
                    "po_number",
                    "is_external_order",
                    "extra_service_type",
                    "comments",
                ]
            },
        ),
        (
            "Delivery",
            {
                "fields": [
                    "date",
                    "eta",
                    "min_eta",
                    "max_eta",
                    "local_invoice",
                    "tracking_code",
                    "tracking_link",
                    "date_completed",
                ]
            },
        ),
        ("Record", {"fields": ["id", "created_at", "updated_at"]}),
    ]
    inlines = [LineInline]
    change_form_template = "admin/orders/order/change_form.html"

    @admin.display(description="employee", ordering="employee__last_name")
    def employee_name(self, order):
        return person(order.employee)

    @admin.display(description="items")
    def items(self, order):
        return one_line(", ".join(str(line) for line in order.hardware_requests.all()))

    def get_queryset(self, request):
        return super().get_queryset(request).prefetch_related("hardware_requests")

    @admin.display(description="created hardware")
    def created_hardware(self, order):
        count = Hardware.objects.filter(created_order_id=order.pk).count()
        if not count:
            return "—"
        url = reverse("admin:hardware_hardware_changelist")
        return format_html(
            '<a href="{}?created_order_id__exact={}">{} item(s)</a>', url, order.pk, count
        )

    def render_change_form(self, request, context, add=False, change=False, form_url="", obj=None):
        editable = obj is not None and obj.status in EDITABLE_STATUSES
        context.update(
            # Saving keeps the lines' prices and availability, while they may change.
            show_save=editable,
            show_save_and_continue=editable,
            show_save_and_add_another=False,
            offer_form=OfferForm(order=obj) if editable else None,
        )
        return super().render_change_form(request, context, add, change, form_url, obj)

    def get_urls(self):
        offer = self.admin_site.admin_view(require_POST(self.offer_view))
        return [
            path("<uuid:order_id>/offer/", offer, name="orders_order_offer"),
            *super().get_urls(),
        ]

    def move(self, record, status, actor, shipping=NO_SHIPPING):
        return services.order_move(
            order_id=record.pk,
            to_status=status,
            actor=actor,
            shipping=shipping,
            # As `transition` does: an all-catalog order is quoted with one click.
            price_from_catalog=status == OrderStatus.QUOTED,
        )

    def offer_view(self, request, order_id):
        order = self.changeable(request, order_id)
        form = OfferForm(request.POST, order=order)
        if form.is_valid():
            with refusals_as_messages(request):
                candidate = services.order_offer_alternative(
                    order_id=order.pk,
                    hardware_request_id=form.cleaned_data["hardware_request"].pk,
                    catalog_item_id=form.cleaned_data["catalog_item"].pk,
                    recommended=form.cleaned_data["recommended"],
                )
                messages.success(
                    request,
                    f"Offered {candidate} as an alternative for "
                    f"{form.cleaned_data['hardware_request']}.",
                )
        else:
            form_errors_as_messages(request, form)
        return redirect(reverse("admin:orders_order_change", args=[order.pk]))


@admin.register(Reseller)
class ResellerAdmin(admin.ModelAdmin):
    list_display = ["code", "country_code"]
    list_filter = ["country_code"]
    search_fields = ["=code"]
