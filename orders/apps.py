from functools import partial

from django.apps import AppConfig


class OrdersConfig(AppConfig):
    name = "orders"
    verbose_name = "Purchasing"
    back_office_position = 10  # on the admin's index (config.backoffice.site)

    def ready(self):
        from config.ops.metrics import RecordsByStatus, collector_register
        from employees.merging import merge_part_register
        from hardware.corrections import item_corrected_listener_register
        from orders.models import Order
        from orders.services.delivery import line_serials_follow
        from orders.services.merging import orders_hand_over

        collector_register(RecordsByStatus("hlos_orders", "Orders by status.", Order))
        dashboard_register()
        audit_register()
        finder_register()
        # An item's corrected serial number shows on the order line that made it.
        item_corrected_listener_register(line_serials_follow)
        # A merge of two employees moves the duplicate's open orders to the one kept.
        merge_part_register(orders_hand_over)


def audit_register() -> None:
    """How orders, their lines and alternative groups are shown on the audit trail
    (companies.audit)."""
    from companies.audit.registry import AuditedRecord, Lookup, Parent, audited_record_register

    audited_record_register(
        AuditedRecord(
            model="orders.Order",
            target_type="ORDER",
            label=lambda fields: f"Order {fields['orderNumber']}",
            names={"employee": "employeeEmail"},
            lookups={"employee": Lookup("employees.Employee", "email")},
        ),
        AuditedRecord(
            model="orders.HardwareRequest",
            target_type="ORDER_LINE",
            company=None,
            parent=Parent("order", "ORDER"),
            label=lambda fields: (
                f"{fields['amount']} x {fields['model'] or fields['hardwareType']}"
            ),
            names={"catalog_item": "catalogModelId"},
        ),
        AuditedRecord(
            model="orders.AlternativeGroup",
            target_type="ALTERNATIVE_GROUP",
            company=None,
            parent=Parent("order", "ORDER"),
            label=lambda fields: "Alternatives",
        ),
    )


def finder_register() -> None:
    """How the back office's find box finds orders (config.backoffice.finder): by number, id,
    PO number (unique in a company: looked up company by company) or the employee's e-mail."""
    from django.db.models import Q

    from companies.models import Company
    from config.backoffice import finder
    from employees.selectors import employees_with_email
    from orders.models import Order

    def detail(order: Order) -> str:
        who = order.employee.full_name if order.employee else order.get_send_to_display()
        return f"{order.company} · {who}"

    finder.finder_register(
        Order,
        [
            finder.number("order_number"),
            finder.identifier(),
            lambda query: Q(company__in=Company.objects.all(), po_number=query),
            finder.email(lambda address: Q(employee__in=employees_with_email(address))),
        ],
        detail=detail,
        related=["company", "employee"],
    )


def dashboard_register() -> None:
    """The back office's figures about orders, and the catalog items they lack (whose list
    filter the catalog cannot name)."""
    from catalog.models import CatalogItem
    from config.backoffice.dashboard import admin_list_filter_register, dashboard_counts_register
    from orders.admin_filters import ShortForOpenOrdersFilter
    from orders.choices import OrderStatus, SendTo
    from orders.models import Order
    from orders.selectors import catalog_items_short, orders_in_status_count

    # A QUOTE_ONLY order is never delivered: an ACCEPTED one is not waiting for delivery.
    delivered = [SendTo.EMPLOYEE, SendTo.STORAGE, SendTo.OFFICE]
    delivered_filter = {"send_to__in": ",".join(delivered)}
    dashboard_counts_register(
        10,
        "Orders",
        Order,
        [
            (
                "PENDING: to quote",
                partial(orders_in_status_count, OrderStatus.PENDING),
                {"status__exact": OrderStatus.PENDING},
            ),
            (
                "QUOTED: waiting for the client",
                partial(orders_in_status_count, OrderStatus.QUOTED),
                {"status__exact": OrderStatus.QUOTED},
            ),
            (
                "ACCEPTED: to deliver",
                partial(orders_in_status_count, OrderStatus.ACCEPTED, send_to__in=delivered),
                {"status__exact": OrderStatus.ACCEPTED, **delivered_filter},
            ),
        ],
    )
    admin_list_filter_register(CatalogItem, ShortForOpenOrdersFilter)
    dashboard_counts_register(
        30,
        "Catalog",
        CatalogItem,
        [
            (
                "out of stock, asked for by open orders",
                lambda: catalog_items_short(CatalogItem.objects.all()).count(),
                {ShortForOpenOrdersFilter.parameter_name: "yes"},
            )
        ],
    )
