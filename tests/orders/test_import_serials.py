"""import_serials (issue 29): serial numbers typed in a file, by item or by delivered order, a
dry run first; one line refused (a serial taken, or repeated in the file) writes nothing."""

import json
from decimal import Decimal

import pytest
from django.core.management import call_command
from django.db import transaction

from config.kernel.actors import Actor
from config.kernel.shipping import Shipping
from hardware.models import Hardware
from orders import services as order_services
from orders.models import Order
from orders.selectors import order_row
from orders.services.delivery import order_item_serial_fill
from tests.config.test_audit_trail import trail
from tests.factories import CompanyFactory, HardwareFactory, HardwareRequestFactory, OrderFactory
from tests.logistics.test_lock_order import Call, wait_until, waiting_for_locks
from tests.support.threads import TIMEOUT_SECONDS

pytestmark = pytest.mark.django_db


@pytest.fixture
def company():
    return CompanyFactory(code="SER")


@pytest.fixture
def delivered(company):
    return delivered_order(company)


def delivered_order(company) -> Order:
    """An order of two lines (2 x Latitude, then 1 x U2724D) delivered to the company's
    storage through the service: three items without serial numbers."""
    order = OrderFactory(company=company, status="ACCEPTED", send_to="STORAGE", country_code="US")
    HardwareRequestFactory(order=order, amount=2, model="Latitude", quoted_unit_price=Decimal(1))
    HardwareRequestFactory(
        order=order, amount=1, hardware_type="MONITOR", model="U2724D", quoted_unit_price=Decimal(1)
    )
    order_services.order_move(
        order_id=order.id, to_status="DELIVERED", actor=Actor.command("t"), shipping=Shipping()
    )
    return order


def csv_file(tmp_path, *lines: str) -> str:
    path = tmp_path / "serials.csv"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return str(path)


def serials(order) -> list[str]:
    items = Hardware.objects.filter(created_order_id=order.id).order_by("name", "created_at")
    return list(items.values_list("serial_number", flat=True))


def test_the_dry_run_prints_each_change_and_writes_nothing(manage, tmp_path, company):
    item = HardwareFactory(company=company, serial_number="", name="ThinkPad")
    path = csv_file(tmp_path, "companyCode,hardwareId,serialNumber", f"SER,{item.id},PF-123")

    ran = manage("import_serials", path)

    assert ran.code == 0
    assert f"line 2: Item {item.id} (ThinkPad) of SER:" in ran.out_lines
    assert "  serialNumber: — → PF-123" in ran.out_lines
    item.refresh_from_db()
    assert item.serial_number == ""
    assert trail(Hardware, item, "UPDATED") == []


def test_a_committed_file_fills_a_delivered_orders_items_in_the_order_of_its_lines(
    manage, tmp_path, delivered
):
    path = csv_file(
        tmp_path,
        "companyCode,orderNumber,serialNumber",
        f"SER,{delivered.order_number},LAT-1",
        f"SER,{delivered.order_number},LAT-2",
        f"SER,{delivered.order_number},MON-1",
    )

    ran = manage("import_serials", path, "--commit", "--reason", "Delivery note 881", "--json")

    assert ran.code == 0
    assert json.loads(ran.out_lines[-1]) == {
        "committed": True,
        "changed": 3,
        "unchanged": 0,
        "errors": [],
    }
    assert serials(delivered) == ["LAT-1", "LAT-2", "MON-1"]  # Latitude x2, then U2724D
    lines = order_row(company=delivered.company, order_id=delivered.id)["hardwares"]
    assert [line["serialNumbers"] for line in lines] == [["LAT-1", "LAT-2"], ["MON-1"]]
    for item in Hardware.objects.filter(created_order_id=delivered.id):
        [(_, context)] = trail(Hardware, item, "UPDATED")
        assert (context["source"], context["reason"]) == ("COMMAND", "Delivery note 881")


def test_a_serial_repeated_in_the_file_is_refused_on_its_line_and_nothing_is_written(
    manage, tmp_path, delivered
):
    path = csv_file(
        tmp_path,
        "companyCode,orderNumber,serialNumber",
        f"SER,{delivered.order_number},SAME",
        f"SER,{delivered.order_number},SAME",
    )

    ran = manage("import_serials", path, "--commit", "--reason", "Typed twice")

    assert ran.code == 1
    assert "line 3: " in ran.err
    assert "serialNumber already exists in this company" in ran.err
    assert serials(delivered) == ["", "", ""]


def test_a_serial_taken_in_the_company_and_an_order_with_none_left_are_refused(
    manage, tmp_path, company, delivered
):
    HardwareFactory(company=company, serial_number="TAKEN")
    item = HardwareFactory(company=company, serial_number="")
    path = csv_file(
        tmp_path,
        "companyCode,hardwareId,serialNumber",
        f"SER,{item.id},TAKEN",
        "SER,not-an-id,X-1",
    )

    ran = manage("import_serials", path, "--commit", "--reason", "Fix")

    assert ran.code == 1
    assert "line 2: " in ran.err and "serialNumber already exists" in ran.err
    assert "line 3: " in ran.err and "Invalid hardwareId" in ran.err
    item.refresh_from_db()
    assert item.serial_number == ""


@pytest.mark.django_db(transaction=True, serialized_rollback=True)
def test_an_import_while_another_fills_the_same_order_waits_and_fills_the_next_item(tmp_path):
    """The first item without a serial is locked by a fill not yet committed: the import waits
    for it, then reads the item as committed (filled) and takes the next one; nothing is lost
    or written twice."""
    company = CompanyFactory(code="SER")
    order = delivered_order(company)
    path = csv_file(
        tmp_path, "companyCode,orderNumber,serialNumber", f"SER,{order.order_number},SN-SECOND"
    )
    importing = Call(
        lambda: call_command("import_serials", path, commit=True, reason="Race", stdout=None)
    )

    with transaction.atomic():
        order_item_serial_fill(
            company=company, order_number=order.order_number, serial_number="SN-FIRST"
        )
        importing.start()
        wait_until(lambda: waiting_for_locks() == 1)
    importing.join(TIMEOUT_SECONDS)

    assert importing.outcome is None, importing.outcome
    assert serials(order) == ["SN-FIRST", "SN-SECOND", ""]
