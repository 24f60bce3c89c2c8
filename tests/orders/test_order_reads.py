"""GET /orders/{orderId} and GET /orders: the order's shape, its lines and alternatives."""

import uuid
from datetime import UTC, date, datetime
from decimal import Decimal

import pytest

from hardware.choices import CreatedThrough
from orders.answers import (
    CandidateSerializer,
    CreatedHardwareSerializer,
    OrderLineSerializer,
    OrderSerializer,
)
from orders.models import HardwareRequest, Reseller
from tests.conftest import make_caller
from tests.factories import (
    CompanyFactory,
    EmployeeFactory,
    HardwareFactory,
    HardwareRequestFactory,
    OrderFactory,
    alternatives,
)
from tests.orders.shapes import candidate, detail, grouped, ungrouped
from tests.support import assert_refused, error, iso, success

pytestmark = pytest.mark.django_db


@pytest.fixture
def company(caller):
    return CompanyFactory(api_client=caller.api_client, code="ORD", name="Ordering Co")


def listing(caller, **criteria):
    return caller.get("/orders", {"companyCode": "ORD", **criteria})


def test_detail_answers_the_order_in_an_array_with_lines_alternatives_and_resellers(
    caller, company
):
    employee = EmployeeFactory(company=company, email="ada@example.com", phone="+12025550143")
    order = OrderFactory(
        company=company,
        employee=employee,
        send_to="EMPLOYEE",
        country_code="US",
        status="QUOTED",
        po_number="PO-1",
        client_name="Acme",
        eta=date(2026, 12, 3),
        min_eta=date(2026, 12, 1),
        max_eta=date(2026, 12, 5),
    )
    laptop = HardwareRequestFactory(
        order=order,
        amount=2,
        hardware_type="PC",
        brand="LENOVO",
        model="ThinkPad T14",
        ram="16GB",
        disk_space="512GB",
        display_size='14"',
        processor="Ryzen 7",
        image="/static/hardware/types/pc.svg",
        quoted_unit_price=Decimal("1200"),
        notes="For the new team",
        external_item_id="EXT-1",
    )
    monitor = HardwareRequestFactory(order=order, amount=3, is_available=False)
    offered = HardwareRequestFactory(
        order=order, amount=3, model="P2723QE", is_available=True, is_recommended=True
    )
    group = alternatives(monitor, offered)
    us_reseller = Reseller.objects.create(code="RES-US", country_code="US")
    Reseller.objects.create(code="RES-BR", country_code="BR")

    response = detail(caller, order.id)

    assert response.status_code == 200
    order.refresh_from_db()
    assert response.json() == success(
        [
            {
                "id": str(order.id),
                "orderNumber": order.order_number,
                "createdAt": iso(order.created_at),
                "updatedAt": iso(order.updated_at),
                "status": "QUOTED",
                "date": None,
                "eta": "2026-12-03",
                "maxEta": "2026-12-05",
                "minEta": "2026-12-01",
                "localInvoice": False,
                "trackingLink": None,
                "trackingCode": None,
                "countryCode": "US",
                "sendTo": "EMPLOYEE",
                "currency": "USD",
                "dateCompleted": None,
                "requesterEmail": None,
                "apiClientRequesterName": "Factory client",
                "companyName": "Ordering Co",
                "clientName": "Acme",
                "poNumber": "PO-1",
                "isExternalOrder": False,
                "employeeProfile": {
                    "id": str(employee.id),
                    "firstName": employee.first_name,
                    "lastName": "Lovelace",
                    "email": "ada@example.com",
                    "phone": "+12025550143",
                    "governmentDNI": employee.government_dni,
                    "city": "New York City",
                    "countryCode": "US",
                    "address": "1 Main Street",
                    "addressExtraInfo": None,
                    "postCode": "10001",
                },
                "hardwares": [
                    {
                        "id": str(laptop.id),
                        "amount": 2,
                        "notes": "For the new team",
                        "quotedUnitPrice": "1200.00",
                        "createdAt": iso(laptop.created_at),
                        "catalogModelId": None,
                        "manufacturerPartNumber": None,
                        "brand": "LENOVO",
                        "model": "ThinkPad T14",
                        "hardwareType": "PC",
                        "ram": "16GB",
                        "diskSpace": "512GB",
                        "displaySize": '14"',
                        "processor": "Ryzen 7",
                        "image": "http://testserver/static/hardware/types/pc.svg",
                        "externalItemId": "EXT-1",
                        "serialNumbers": [],
                        "isSelected": None,
                        "isAvailable": None,
                        "isRecommended": None,
                        "alternativeGroup": None,
                    },
                    {
                        "id": str(monitor.id),
                        "amount": 3,
                        "notes": None,
                        "quotedUnitPrice": None,
                        "createdAt": iso(monitor.created_at),
                        "catalogModelId": None,
                        "manufacturerPartNumber": None,
                        "brand": "DELL",
                        "model": "U2723QE",
                        "hardwareType": "MONITOR",
                        "image": "http://testserver/static/hardware/types/monitor.svg",
                        "externalItemId": None,
                        "serialNumbers": [],
                        "isSelected": True,
                        "isAvailable": False,
                        "isRecommended": None,
                        "alternativeGroup": {
                            "id": str(group.id),
                            "selectedId": str(monitor.id),
                            "candidates": [
                                candidate(monitor, selected=True, original=True),
                                candidate(offered, selected=False, original=False),
                            ],
                        },
                    },
                ],
                "createdHardwares": [],
                "shipments": [],
                "resellerIds": [{"id": str(us_reseller.id), "code": "RES-US", "countryCode": "US"}],
            }
        ]
    )


def test_the_rows_have_the_fields_of_the_schema(caller, company):
    order = OrderFactory(company=company, employee=EmployeeFactory(company=company))
    HardwareRequestFactory(order=order)
    alternatives(HardwareRequestFactory(order=order), HardwareRequestFactory(order=order))
    HardwareFactory(company=company, created_order_id=order.id)
    specs = {"ram", "diskSpace", "displaySize", "processor"}  # shown only when present

    [row] = detail(caller, order.id).json()["envelop"]

    assert set(row) == set(OrderSerializer().fields)
    ungrouped_line, grouped_line = row["hardwares"]
    for line in (ungrouped_line, grouped_line):
        assert set(line) == set(OrderLineSerializer().fields) - specs
    for shown in grouped_line["alternativeGroup"]["candidates"]:
        assert set(shown) == set(CandidateSerializer().fields) - specs
    assert set(row["createdHardwares"][0]) == set(CreatedHardwareSerializer().fields) - specs


def test_created_hardware_is_listed_with_its_cost_as_a_string(caller, company):
    order = OrderFactory(company=company, status="DELIVERED")
    HardwareRequestFactory(order=order)
    item = HardwareFactory(
        company=company,
        created_through=CreatedThrough.ORDER,
        created_order_id=order.id,
        serial_number="",
        cost=Decimal("349.5"),
        ram="8GB",
        date_bought=datetime(2026, 11, 2, 9, 30, tzinfo=UTC),
    )

    [row] = detail(caller, order.id).json()["envelop"]

    assert row["createdHardwares"] == [
        {
            "id": str(item.id),
            "brand": "DELL",
            "description": None,
            "serialNumber": "",
            "name": "Dell U2723QE",
            "hardwareType": "MONITOR",
            "ram": "8GB",
            "image": "http://testserver/static/hardware/types/monitor.svg",
            "cost": "349.50",
            "dateBought": "2026-11-02T09:30:00Z",
        }
    ]


def test_resellers_are_shown_only_on_orders_an_api_client_made(caller, company):
    Reseller.objects.create(code="RES-US", country_code="US")
    order = OrderFactory(
        company=company, api_client_requester_name=None, requester_email="ops@example.com"
    )
    HardwareRequestFactory(order=order)

    [row] = detail(caller, order.id).json()["envelop"]

    assert row["resellerIds"] == []


# --- the shape of lines and their alternatives ---------------------------------------------


def test_a_line_in_no_group_has_its_four_group_fields_null(caller, company):
    order = OrderFactory(company=company)
    line = HardwareRequestFactory(order=order, is_available=True, is_recommended=False)

    [row] = detail(caller, order.id).json()["envelop"]

    assert row["hardwares"] == [ungrouped(line)]
    shown = row["hardwares"][0]
    assert (
        shown["isSelected"],
        shown["isAvailable"],
        shown["isRecommended"],
        shown["alternativeGroup"],
    ) == (None, None, None, None)


def test_only_the_selected_candidate_is_a_top_level_line_and_it_carries_the_group(caller, company):
    order = OrderFactory(company=company)
    asked = HardwareRequestFactory(order=order)
    offered = HardwareRequestFactory(order=order, model="P2723QE")
    group = alternatives(asked, offered)
    group.selected = offered
    group.save()

    [row] = detail(caller, order.id).json()["envelop"]

    assert row["hardwares"] == [
        grouped(
            offered,
            [
                candidate(asked, selected=False, original=True),
                candidate(offered, selected=True, original=False),
            ],
        )
    ]


def test_group_and_original_request_fields_each_appear_on_their_own_level(caller, company):
    order = OrderFactory(company=company)
    HardwareRequestFactory(order=order)
    alternatives(HardwareRequestFactory(order=order), HardwareRequestFactory(order=order))

    [row] = detail(caller, order.id).json()["envelop"]

    for line in row["hardwares"]:
        assert "isOriginalRequest" not in line
        for shown in (line["alternativeGroup"] or {}).get("candidates", []):
            assert "alternativeGroup" not in shown
            assert "isOriginalRequest" in shown


def test_the_original_request_is_the_earliest_candidate_whatever_its_id(caller, company):
    order = OrderFactory(company=company)
    later, earlier = HardwareRequestFactory.create_batch(2, order=order)
    # The line with the greater id is made the earlier, so the id cannot decide.
    later, earlier = sorted([later, earlier], key=lambda line: str(line.id))
    HardwareRequest.objects.filter(pk=earlier.pk).update(
        created_at=later.created_at.replace(year=2025)
    )
    alternatives(later, earlier)

    [row] = detail(caller, order.id).json()["envelop"]

    candidates = row["hardwares"][0]["alternativeGroup"]["candidates"]
    assert [(c["id"], c["isOriginalRequest"]) for c in candidates] == [
        (str(earlier.id), True),
        (str(later.id), False),
    ]


def test_candidates_made_at_the_same_moment_take_the_smallest_id_as_the_original(caller, company):
    order = OrderFactory(company=company)
    first, second, third = HardwareRequestFactory.create_batch(3, order=order)
    HardwareRequest.objects.filter(pk__in=[second.pk, third.pk]).update(created_at=first.created_at)
    # The largest id is kept selected, so neither selection nor creation decides.
    by_id = sorted([first, second, third], key=lambda line: str(line.id))
    alternatives(by_id[2], by_id[0], by_id[1])

    [row] = detail(caller, order.id).json()["envelop"]

    candidates = row["hardwares"][0]["alternativeGroup"]["candidates"]
    originals = [c["id"] for c in candidates if c["isOriginalRequest"]]
    assert originals == [str(by_id[0].id)]


def test_exactly_one_candidate_of_each_group_is_selected(caller, company):
    order = OrderFactory(company=company)
    for _ in range(2):
        lines = HardwareRequestFactory.create_batch(3, order=order)
        alternatives(*lines)

    [row] = detail(caller, order.id).json()["envelop"]

    assert len(row["hardwares"]) == 2
    for line in row["hardwares"]:
        group = line["alternativeGroup"]
        selected = [shown["id"] for shown in group["candidates"] if shown["isSelected"]]
        assert selected == [line["id"]] == [group["selectedId"]]
        assert line["isSelected"] is True


# --- the list ------------------------------------------------------------------------------


def test_list_shows_the_companys_orders_newest_first_as_the_detail_does(caller, company):
    older = OrderFactory(company=company, status="DELIVERED")
    HardwareRequestFactory(order=older)
    newer = OrderFactory(company=company)
    alternatives(HardwareRequestFactory(order=newer), HardwareRequestFactory(order=newer))
    OrderFactory(company=CompanyFactory(api_client=caller.api_client))  # another company
    OrderFactory()  # another client's

    response = listing(caller)

    assert response.status_code == 200
    assert response.json() == success(
        detail(caller, newer.id).json()["envelop"] + detail(caller, older.id).json()["envelop"]
    )


def test_list_of_a_company_without_orders_is_empty(caller, company):
    assert listing(caller).json() == success([])


@pytest.mark.parametrize("country_code", ["BR", "br"])
def test_list_filters_by_country_code_in_any_case(caller, company, country_code):
    OrderFactory(company=company, country_code="US")
    brazil = OrderFactory(company=company, country_code="BR")

    envelop = listing(caller, countryCode=country_code).json()["envelop"]

    assert [row["id"] for row in envelop] == [str(brazil.id)]


def test_list_refuses_a_bad_country_code(caller, company):
    response = listing(caller, countryCode="XX")

    assert_refused(response, 400, "Invalid country code")


def test_list_refuses_a_missing_unknown_or_foreign_company_code(caller, other_caller, company):
    CompanyFactory(api_client=other_caller.api_client, code="OTH")

    assert caller.get("/orders").json() == error(400, "Missing required filter: companyCode")
    assert listing(caller, companyCode="ZZZ").json() == error(400, "Invalid company code")
    assert listing(caller, companyCode="OTH").json() == error(400, "Invalid company code")


@pytest.mark.parametrize("rows", [1, 50])
def test_list_uses_a_fixed_number_of_queries(caller, company, django_assert_max_num_queries, rows):
    employee = EmployeeFactory(company=company)
    Reseller.objects.create(code="RES-US", country_code="US")
    for _ in range(rows):
        order = OrderFactory(company=company, employee=employee)
        for _ in range(5):
            alternatives(*HardwareRequestFactory.create_batch(3, order=order))
        HardwareFactory(company=company, created_order_id=order.id)

    listing(caller)  # records the key's first use, once
    # key, company, orders with their employees, lines, created hardware, resellers
    with django_assert_max_num_queries(6):
        response = listing(caller)

    envelop = response.json()["envelop"]
    assert len(envelop) == rows
    assert all(len(row["hardwares"]) == 5 for row in envelop)
    assert all(
        len(line["alternativeGroup"]["candidates"]) == 3
        for row in envelop
        for line in row["hardwares"]
    )
    assert all(len(row["createdHardwares"]) == 1 for row in envelop)


def test_detail_uses_a_fixed_number_of_queries(caller, company, django_assert_max_num_queries):
    order = OrderFactory(company=company)
    for _ in range(10):
        alternatives(*HardwareRequestFactory.create_batch(3, order=order))

    detail(caller, order.id)  # records the key's first use, once
    with django_assert_max_num_queries(6):
        response = detail(caller, order.id)

    assert len(response.json()["envelop"][0]["hardwares"]) == 10


# --- refusals ------------------------------------------------------------------------------


@pytest.mark.parametrize("order_id", ["not-a-uuid", "123", "%20"])
def test_detail_refuses_a_malformed_id(caller, company, order_id):
    response = detail(caller, order_id)

    assert_refused(response, 400, "Invalid order ID format")


def test_detail_of_an_unknown_order_is_404(caller, company):
    response = detail(caller, uuid.uuid4())

    assert_refused(response, 404, "Order not found")


def test_detail_hides_the_orders_of_other_companies_and_other_clients(caller, company):
    sibling = OrderFactory(company=CompanyFactory(api_client=caller.api_client))
    foreign = OrderFactory(company=CompanyFactory(api_client=make_caller().api_client))

    for order in (sibling, foreign):
        response = detail(caller, order.id)
        assert_refused(response, 404, "Order not found")


def test_detail_with_the_company_code_of_another_client_is_400(caller, other_caller, company):
    order = OrderFactory(company=CompanyFactory(api_client=other_caller.api_client, code="OTH"))

    response = detail(caller, order.id, company_code="OTH")

    assert response.json() == error(400, "Invalid company code")


@pytest.mark.parametrize("path", ["/orders", f"/orders/{uuid.uuid4()}"])
def test_reads_without_a_key_are_401(anonymous, company, path):
    response = anonymous.get(path, {"companyCode": "ORD"})

    assert response.status_code == 401
    assert response.json()["message"] == "Unauthorized access"


def test_detail_through_the_gateway_answers_like_the_direct_call(caller, company):
    order = OrderFactory(company=company)
    alternatives(HardwareRequestFactory(order=order), HardwareRequestFactory(order=order))

    gateway = caller.post(
        "/gateway",
        {
            "verb": "GET",
            "request": f"orders/{order.id}",
            "vendor": "hlos",
            "filters": {"companyCode": "ORD"},
        },
        format="json",
    )

    assert gateway.status_code == 200
    assert gateway.json() == detail(caller, order.id).json()
