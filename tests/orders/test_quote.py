"""POST /orders/quote: a quote order from hardware lines, its company, employee and poNumber,
and autoQuote's prices and alternatives outside production."""

from decimal import Decimal

import pytest

from companies.models import Company
from config.kernel.actors import ActorKind
from employees.models import Employee
from orders.answers import CandidateSerializer, OrderLineSerializer, OrderSerializer
from orders.models import AlternativeGroup, HardwareRequest, Order, Reseller
from tests.conftest import make_caller
from tests.factories import CatalogItemFactory, CompanyFactory, EmployeeFactory, OrderFactory
from tests.support import OMIT, assert_refused, run_together, success, without_omitted

pytestmark = pytest.mark.django_db


MACBOOK = {
    "hardwareType": "MACBOOK",
    "brand": "APPLE",
    "model": "MacBook Pro 14",
    "processor": "Apple M3 Pro",
    "ram": "18GB",
    "diskSpace": "512GB SSD",
    "displaySize": '14"',
    "amount": 2,
}
PC = {**MACBOOK, "hardwareType": "PC", "brand": "DELL", "model": "XPS 13", "amount": 1}
MOUSE = {"hardwareType": "MOUSE", "amount": 3}
WARRANTY = {"hardwareType": "EXTENDED_WARRANTY_MAC", "amount": 2}
INLINE_EMPLOYEE = {
    "firstName": "Bo",
    "lastName": "New",
    "email": "bo@example.com",
    "phone": "+1 212 555 0100",
    "governmentDNI": "DNI-1",
    "address": "2 Main Street",
    "city": "New York",
    "postCode": "10001",
    "countryCode": "US",
}
INLINE_COMPANY = {
    "name": "Fresh Co",
    "companyCode": "fre",
    "countryCode": "br",
    "legalNumber": "12.345.678/0001-90",
    "contactEmail": "buyer@fresh.example.com",
    "phone": "+55 11 91234 5678",
}
COMPUTER_FIELDS = ("brand", "model", "processor", "ram", "diskSpace", "displaySize")
CATALOG_ITEM_ID = "5d2f7a90-1c3b-4e6d-8f0a-9b8c7d6e5f41"
"""The id of the catalog item made by the tests that name one in a table."""
UNKNOWN_ID = "8d1f3c52-8a43-4c55-9d46-3d8f8a1f0c11"


@pytest.fixture
def company(caller):
    return CompanyFactory(api_client=caller.api_client, code="ORD", name="Ordering Co")


def quote(caller, *, wrapped=True, **fields):
    """POST a quote of three mice to the US storage of ORD unless told otherwise; OMIT leaves
    a key out."""
    body = {
        "companyCode": "ORD",
        "countryCode": "US",
        "sendTo": "STORAGE",
        "hardwares": [MOUSE],
        **fields,
    }
    body = without_omitted(body)
    return caller.post("/orders/quote", {"data": body} if wrapped else body, format="json")


def invalid(response, *details):
    """The response is a validation refusal with exactly these (field, message) details."""
    assert_refused(
        response,
        400,
        "Invalid request data",
        [{"field": field, "message": message} for field, message in details],
    )


def the_order(response) -> dict:
    [order] = response.json()["envelop"]
    return order


def person(employee):
    return {
        "id": str(employee.id),
        "firstName": employee.first_name,
        "lastName": employee.last_name,
        "email": employee.email,
        "phone": employee.phone,
        "governmentDNI": employee.government_dni,
        "city": employee.city,
        "countryCode": employee.country_code,
        "address": employee.address,
        "addressExtraInfo": None,
        "postCode": employee.post_code,
    }


def ungrouped(line: dict) -> dict:
    """What every line in no alternative group also shows."""
    return {
        **line,
        "isSelected": None,
        "isAvailable": None,
        "isRecommended": None,
        "alternativeGroup": None,
    }


# --- the main case -----------------------------------------------------------------------------


def test_quote_creates_a_pending_order_with_its_lines_for_an_employee(caller, company):
    employee = EmployeeFactory(company=company, email="ada@example.com", phone="+12125550100")
    dock = CatalogItemFactory(
        hardware_type="ACCESSORY",
        brand="DELL",
        name="Dell WD19S Dock",
        manufacturer_part_number="WD19S",
        ram=None,
        disk_space=None,
        display_size=None,
        processor=None,
        image="https://images.example.com/wd19s.png",
        price=Decimal("229.00"),
    )
    reseller = Reseller.objects.create(code="RES-US", country_code="US")

    response = quote(
        caller,
        sendTo="EMPLOYEE",
        employeeEmail="ADA@example.com",
        hardwares=[
            {**MACBOOK, "notes": "Space black", "externalItemId": "EXT-1"},
            {"catalogModelId": str(dock.id), "amount": 1},
            WARRANTY,
        ],
        poNumber="PO-1",
        clientName="Acme Inc",
        ABMId="ABM-7",
        extraServiceType=["ENROLL_ABM", "HASH_EXTRACTION"],
    )

    assert response.status_code == 201
    body = response.json()
    order = Order.objects.get()
    macbook, dock_line, warranty = HardwareRequest.objects.order_by("created_at")
    envelope_order = body["envelop"][0]
    lines = envelope_order["hardwares"]
    assert body == success(
        [
            {
                "id": str(order.id),
                "orderNumber": order.order_number,
                "createdAt": envelope_order["createdAt"],
                "updatedAt": envelope_order["updatedAt"],
                "status": "PENDING",
                "date": None,
                "eta": None,
                "maxEta": None,
                "minEta": None,
                "localInvoice": False,
                "trackingLink": None,
                "trackingCode": None,
                "countryCode": "US",
                "sendTo": "EMPLOYEE",
                "currency": "USD",
                "dateCompleted": None,
                "requesterEmail": None,
                "apiClientRequesterName": caller.api_client.name,
                "companyName": "Ordering Co",
                "clientName": "Acme Inc",
                "poNumber": "PO-1",
                "isExternalOrder": False,
                "employeeProfile": person(employee),
                "hardwares": [
                    ungrouped(
                        {
                            "id": str(macbook.id),
                            "amount": 2,
                            "notes": "Space black",
                            "quotedUnitPrice": None,
                            "createdAt": lines[0]["createdAt"],
                            "catalogModelId": None,
                            "manufacturerPartNumber": None,
                            "brand": "APPLE",
                            "model": "MacBook Pro 14",
                            "hardwareType": "MACBOOK",
                            "ram": "18GB",
                            "diskSpace": "512GB SSD",
                            "displaySize": '14"',
                            "processor": "Apple M3 Pro",
                            "image": "http://testserver/static/hardware/types/macbook.svg",
                            "externalItemId": "EXT-1",
                            "serialNumbers": [],
                        }
                    ),
                    ungrouped(
                        {
                            "id": str(dock_line.id),
                            "amount": 1,
                            "notes": None,
                            "quotedUnitPrice": None,
                            "createdAt": lines[1]["createdAt"],
                            "catalogModelId": str(dock.id),
                            "manufacturerPartNumber": "WD19S",
                            "brand": "DELL",
                            "model": "Dell WD19S Dock",
                            "hardwareType": "ACCESSORY",
                            "image": "https://images.example.com/wd19s.png",
                            "externalItemId": None,
                            "serialNumbers": [],
                        }
                    ),
                    ungrouped(
                        {
                            "id": str(warranty.id),
                            "amount": 2,
                            "notes": None,
                            "quotedUnitPrice": None,
                            "createdAt": lines[2]["createdAt"],
                            "catalogModelId": None,
                            "manufacturerPartNumber": None,
                            "brand": None,
                            "model": None,
                            "hardwareType": "EXTENDED_WARRANTY_MAC",
                            "image": "http://testserver/static/hardware/types/extended_warranty_mac.svg",
                            "externalItemId": None,
                            "serialNumbers": [],
                        }
                    ),
                ],
                "createdHardwares": [],
                "shipments": [],
                "resellerIds": [{"id": str(reseller.id), "code": "RES-US", "countryCode": "US"}],
            }
        ],
        201,
    )
    assert set(envelope_order) == set(OrderSerializer().fields)
    assert set(lines[0]) == set(OrderLineSerializer().fields)
    assert order.comments == ["ABMId: ABM-7", "Client Name: Acme Inc"]
    assert order.extra_service_type == ["ENROLL_ABM", "HASH_EXTRACTION"]
    assert order.employee == employee
    history = order.status_history.get()
    assert (history.status_from, history.status_to, history.actor_kind, history.actor_name) == (
        None,
        "PENDING",
        ActorKind.API_CLIENT,
        caller.api_client.name,
    )


@pytest.mark.parametrize("wrapped", [True, False], ids=["wrapped-in-data", "plain"])
def test_a_quote_may_be_sent_wrapped_in_data_or_plain(caller, company, wrapped):
    response = quote(caller, wrapped=wrapped, poNumber=f"PO-{wrapped}")

    assert response.status_code == 201
    order = the_order(response)
    assert (order["poNumber"], order["sendTo"], order["status"]) == (
        f"PO-{wrapped}",
        "STORAGE",
        "PENDING",
    )
    assert [(line["hardwareType"], line["amount"]) for line in order["hardwares"]] == [("MOUSE", 3)]


def test_order_numbers_increase(caller, company):
    first = the_order(quote(caller))["orderNumber"]
    second = the_order(quote(caller))["orderNumber"]

    assert second == first + 1


# --- line type rules ---------------------------------------------------------------------------


def test_a_catalog_line_takes_type_brand_model_specs_and_image_from_the_catalog(caller, company):
    laptop = CatalogItemFactory(name="Latitude 7440", manufacturer_part_number="LAT-7440")

    response = quote(caller, hardwares=[{"catalogModelId": str(laptop.id), "amount": 1}])

    assert response.status_code == 201
    [line] = the_order(response)["hardwares"]
    assert {key: line[key] for key in ("catalogModelId", "hardwareType", "brand", "model")} == {
        "catalogModelId": str(laptop.id),
        "hardwareType": "PC",
        "brand": "DELL",
        "model": "Latitude 7440",
    }
    assert (line["manufacturerPartNumber"], line["image"]) == ("LAT-7440", laptop.image)
    assert (line["ram"], line["diskSpace"], line["displaySize"], line["processor"]) == (
        "16GB",
        "512GB SSD",
        '14"',
        "Intel Core i7-1365U",
    )


def test_a_catalog_item_without_an_image_takes_its_types(caller, company):
    laptop = CatalogItemFactory(image="")

    response = quote(caller, hardwares=[{"catalogModelId": str(laptop.id), "amount": 1}])

    assert (
        the_order(response)["hardwares"][0]["image"]
        == "http://testserver/static/hardware/types/pc.svg"
    )


def test_a_catalog_line_may_repeat_its_items_hardware_type(caller, company):
    laptop = CatalogItemFactory()

    response = quote(
        caller, hardwares=[{"catalogModelId": str(laptop.id), "hardwareType": "PC", "amount": 1}]
    )

    assert response.status_code == 201


def test_a_catalog_line_refuses_what_the_catalog_describes(caller, company):
    laptop = CatalogItemFactory()
    line = {
        **MACBOOK,
        "catalogModelId": str(laptop.id),
        "image": "https://example.com/mine.png",
        "amount": 1,
    }

    response = quote(caller, hardwares=[line])

    item_type = f"Catalog item {laptop.id} is a PC, not a MACBOOK"
    invalid(
        response,
        *[
            (
                f"hardwares[0].{field}",
                f"{field} comes from the catalog item; do not send it with catalogModelId",
            )
            for field in ("brand", "model", "ram", "diskSpace", "displaySize", "processor", "image")
        ],
        ("hardwares[0].hardwareType", item_type),
    )
    assert not Order.objects.exists()


@pytest.mark.parametrize(
    ("catalog_fields", "requested", "message"),
    [
        pytest.param({}, UNKNOWN_ID, f"Catalog item {UNKNOWN_ID} not found", id="unknown"),
        pytest.param(
            {"country_code": "BR"},
            CATALOG_ITEM_ID,
            f"Catalog item {CATALOG_ITEM_ID} is sold in BR, not for an order to US",
            id="sold-in-another-country",
        ),
        pytest.param(
            {"hardware_type": None},
            CATALOG_ITEM_ID,
            f"Catalog item {CATALOG_ITEM_ID} has no hardware type: it cannot be ordered",
            id="without-a-hardware-type",
        ),
    ],
)
def test_a_catalog_item_is_refused_unless_it_exists_is_sold_here_and_has_a_type(
    caller, company, catalog_fields, requested, message
):
    CatalogItemFactory(id=CATALOG_ITEM_ID, **catalog_fields)

    response = quote(caller, hardwares=[{"catalogModelId": requested, "amount": 1}])

    invalid(response, ("hardwares[0].catalogModelId", message))
    assert not Order.objects.exists()


def test_a_european_order_may_take_an_item_of_the_eu_warehouse(caller, company):
    european = CatalogItemFactory(country_code="EU")

    response = quote(
        caller, countryCode="DE", hardwares=[{"catalogModelId": str(european.id), "amount": 1}]
    )

    assert response.status_code == 201


@pytest.mark.parametrize("computer", [MACBOOK, PC], ids=["MACBOOK", "PC"])
def test_a_computer_without_catalog_item_is_stored_with_its_specs(caller, company, computer):
    response = quote(caller, hardwares=[computer])

    assert response.status_code == 201
    [line] = the_order(response)["hardwares"]
    assert {field: line[field] for field in (*COMPUTER_FIELDS, "hardwareType")} == {
        field: computer[field] for field in (*COMPUTER_FIELDS, "hardwareType")
    }


@pytest.mark.parametrize("type_name", ["MACBOOK", "PC"], ids=["MACBOOK", "PC"])
def test_a_computer_without_catalog_item_needs_brand_model_and_specs(caller, company, type_name):
    response = quote(caller, hardwares=[MOUSE, {"hardwareType": type_name, "amount": 1}])

    invalid(
        response,
        *[
            (
                f"hardwares[1].{field}",
                f"{field} is required for a {type_name} line without catalogModelId",
            )
            for field in COMPUTER_FIELDS
        ],
    )


def test_a_computer_missing_one_spec_is_refused_naming_it(caller, company):
    without_ram = {key: value for key, value in MACBOOK.items() if key != "ram"}

    response = quote(caller, hardwares=[{**without_ram, "diskSpace": ""}])

    invalid(
        response,
        ("hardwares[0].ram", "ram is required for a MACBOOK line without catalogModelId"),
        (
            "hardwares[0].diskSpace",
            "diskSpace is required for a MACBOOK line without catalogModelId",
        ),
    )


@pytest.mark.parametrize("type_name", ["EXTENDED_WARRANTY_MAC", "EXTENDED_WARRANTY_WINDOWS"])
def test_an_extended_warranty_refuses_brand_model_and_specs(caller, company, type_name):
    response = quote(caller, hardwares=[{**MACBOOK, "hardwareType": type_name}])

    invalid(
        response,
        *[
            (f"hardwares[0].{field}", f"{field} is not allowed on a {type_name} line")
            for field in COMPUTER_FIELDS
        ],
    )


@pytest.mark.parametrize("type_name", ["EXTENDED_WARRANTY_MAC", "EXTENDED_WARRANTY_WINDOWS"])
def test_an_extended_warranty_takes_notes_and_an_external_item_id(caller, company, type_name):
    response = quote(
        caller,
        hardwares=[
            {"hardwareType": type_name, "amount": 1, "notes": "3 years", "externalItemId": "W-1"}
        ],
    )

    assert response.status_code == 201
    [line] = the_order(response)["hardwares"]
    assert (line["hardwareType"], line["notes"], line["externalItemId"], line["brand"]) == (
        type_name,
        "3 years",
        "W-1",
        None,
    )


def test_other_types_take_brand_model_and_specs_optionally(caller, company):
    monitor = {
        "hardwareType": "MONITOR",
        "amount": 1,
        "brand": "LG",
        "model": "27UP850",
        "displaySize": '27"',
        "notes": "USB-C",
        "externalItemId": "M-1",
    }

    response = quote(caller, hardwares=[monitor, {"hardwareType": "KEYBOARD", "amount": 1}])

    assert response.status_code == 201
    with_specs, bare = the_order(response)["hardwares"]
    assert {key: with_specs[key] for key in monitor} == monitor
    assert "ram" not in with_specs
    assert (bare["brand"], bare["model"], bare["image"]) == (
        None,
        None,
        "http://testserver/static/hardware/types/keyboard.svg",
    )


def test_a_line_keeps_the_image_it_is_given(caller, company):
    response = quote(
        caller, hardwares=[{**MOUSE, "image": "https://images.example.com/mx-master.png"}]
    )

    assert (
        the_order(response)["hardwares"][0]["image"] == "https://images.example.com/mx-master.png"
    )


def test_the_hardware_type_is_required_without_a_catalog_item_and_must_be_registered(
    caller, company
):
    response = quote(caller, hardwares=[{"amount": 1}, {"hardwareType": "TOASTER", "amount": 1}])

    invalid(
        response,
        ("hardwares[0].hardwareType", "hardwareType is required without catalogModelId"),
        (
            "hardwares[1].hardwareType",
            "TOASTER is not a hardware type; the types are ACCESSORY, CHAIR, "
            "EXTENDED_WARRANTY_MAC, EXTENDED_WARRANTY_WINDOWS, HEADPHONES, IPHONE, KEYBOARD, "
            "MACBOOK, MONITOR, MOUSE, PC, PHONE, TRACKPAD, WEBCAM",
        ),
    )


def test_brand_is_one_of_the_enum_apple_included(caller, company):
    accepted = quote(caller, hardwares=[{**MOUSE, "brand": "APPLE"}])
    refused = quote(caller, hardwares=[{**MOUSE, "brand": "Apple"}])

    assert accepted.status_code == 201
    invalid(
        refused,
        (
            "hardwares[0].brand",
            '"Apple" is not a valid choice; expected one of: ACER, ASUS, DELL, HP, LENOVO, '
            "SAMSUNG, LG, VAIO, MICROSOFT, APPLE",
        ),
    )


POSITIVE = "amount must be a positive integer"


@pytest.mark.parametrize(
    ("amount", "message"),
    [
        pytest.param(0, POSITIVE, id="zero"),
        pytest.param(-1, POSITIVE, id="negative"),
        pytest.param(1.5, POSITIVE, id="fraction"),
        pytest.param("two", POSITIVE, id="words"),
        pytest.param(OMIT, "amount should not be empty", id="omitted"),
        pytest.param(2_147_483_648, "amount must be at most 1000", id="over-a-thousand"),
    ],
)
def test_amount_is_required_and_a_whole_number_from_one_to_a_thousand(
    caller, company, amount, message
):
    line = without_omitted({"hardwareType": "MOUSE", "amount": amount})

    response = quote(caller, hardwares=[line])

    invalid(response, ("hardwares[0].amount", message))


@pytest.mark.parametrize(
    ("hardwares", "message"),
    [
        pytest.param([], "hardwares needs at least one line", id="empty"),
        pytest.param(OMIT, "hardwares should not be empty", id="omitted"),
        pytest.param(
            [{"hardwareType": "MOUSE", "amount": 1}] * 201,
            "hardwares holds at most 200 lines",
            id="201-lines",
        ),
    ],
)
def test_a_quote_holds_one_to_two_hundred_lines(caller, company, hardwares, message):
    invalid(quote(caller, hardwares=hardwares), ("hardwares", message))


def test_the_problems_of_every_line_are_refused_together(caller, company):
    response = quote(
        caller,
        hardwares=[
            MOUSE,
            {"hardwareType": "PC", "amount": 1, **{field: "x" for field in COMPUTER_FIELDS[1:]}},
            {**WARRANTY, "ram": "8GB"},
        ],
    )

    invalid(
        response,
        ("hardwares[1].brand", "brand is required for a PC line without catalogModelId"),
        ("hardwares[2].ram", "ram is not allowed on a EXTENDED_WARRANTY_MAC line"),
    )
    assert not Order.objects.exists()


# --- sendTo and the employee -------------------------------------------------------------------


@pytest.mark.parametrize("send_to", ["STORAGE", "OFFICE", "QUOTE_ONLY"])
def test_destinations_other_than_an_employee_need_no_employee(caller, company, send_to):
    response = quote(caller, sendTo=send_to)

    assert response.status_code == 201
    order = the_order(response)
    assert (order["sendTo"], order["employeeProfile"]) == (send_to, None)


@pytest.mark.parametrize("send_to", ["STORAGE", "OFFICE", "QUOTE_ONLY"])
def test_destinations_other_than_an_employee_refuse_employee_fields(caller, company, send_to):
    EmployeeFactory(company=company, email="ada@example.com")

    response = quote(
        caller, sendTo=send_to, employeeEmail="ada@example.com", employee=INLINE_EMPLOYEE
    )

    invalid(
        response,
        ("employeeEmail", f"employeeEmail applies to sendTo EMPLOYEE only, not {send_to}"),
        ("employee", f"employee applies to sendTo EMPLOYEE only, not {send_to}"),
    )
    assert not Employee.objects.filter(email="bo@example.com").exists()


@pytest.mark.parametrize(
    "fields",
    [{}, {"employeeEmail": "ada@example.com", "employee": INLINE_EMPLOYEE}],
    ids=["neither", "both"],
)
def test_an_employee_order_takes_exactly_one_of_employee_email_and_employee(
    caller, company, fields
):
    EmployeeFactory(company=company, email="ada@example.com")

    response = quote(caller, sendTo="EMPLOYEE", **fields)

    invalid(
        response,
        ("employeeEmail", "Send exactly one of employeeEmail and employee with sendTo EMPLOYEE"),
    )


@pytest.mark.parametrize(
    "email", ["nobody@example.com", "theirs@example.com"], ids=["unknown", "another-clients"]
)
def test_an_employee_the_caller_does_not_have_is_404_and_no_order_is_made(
    caller, company, other_caller, email
):
    theirs = CompanyFactory(api_client=other_caller.api_client)
    EmployeeFactory(company=theirs, email="theirs@example.com")

    response = quote(caller, sendTo="EMPLOYEE", employeeEmail=email)

    assert_refused(response, 404, "Employee not found")
    assert not Order.objects.exists()


def test_an_inline_employee_is_created_and_geocoded(caller, company):
    response = quote(caller, sendTo="EMPLOYEE", employee=INLINE_EMPLOYEE)

    assert response.status_code == 201
    employee = Employee.objects.get()
    assert (employee.company, employee.email, employee.phone, employee.city) == (
        company,
        "bo@example.com",
        "+12125550100",
        "New York City",
    )
    assert the_order(response)["employeeProfile"] == person(employee)


def test_an_inline_employee_with_a_known_email_updates_that_employee(caller, company):
    existing = EmployeeFactory(company=company, email="bo@example.com", last_name="Old")

    response = quote(caller, sendTo="EMPLOYEE", employee=INLINE_EMPLOYEE)

    assert response.status_code == 201
    existing.refresh_from_db()
    assert existing.last_name == "New"
    assert Employee.objects.count() == 1
    assert the_order(response)["employeeProfile"]["id"] == str(existing.id)


def test_an_inline_employee_needs_every_field_of_the_interface(caller, company):
    response = quote(caller, sendTo="EMPLOYEE", employee={"email": "bo@example.com"})

    invalid(
        response,
        *[
            (f"employee.{field}", f"{field} should not be empty")
            for field in (
                "firstName",
                "lastName",
                "phone",
                "governmentDNI",
                "address",
                "city",
                "postCode",
                "countryCode",
            )
        ],
    )


@pytest.mark.parametrize(
    ("fields", "field", "message"),
    [
        pytest.param(
            {"employeeEmail": "ada@example.com"},
            "employeeEmail",
            "Employee ada@example.com lives in BR: an order for US cannot be delivered there",
            id="by-email",
        ),
        pytest.param(
            {"employee": {**INLINE_EMPLOYEE, "countryCode": "AR"}},
            "employee",
            "Employee bo@example.com lives in AR: an order for US cannot be delivered there",
            id="inline",
        ),
    ],
)
def test_the_employee_must_live_where_the_order_is_bought(caller, company, fields, field, message):
    EmployeeFactory(company=company, email="ada@example.com", country_code="BR")

    response = quote(caller, sendTo="EMPLOYEE", **fields)

    invalid(response, (field, message))
    assert not Employee.objects.filter(email="bo@example.com").exists()
    assert not Order.objects.exists()


def test_a_european_employee_may_get_an_order_of_another_member_country(caller, company):
    EmployeeFactory(company=company, email="ada@example.com", country_code="FR")

    response = quote(caller, countryCode="DE", sendTo="EMPLOYEE", employeeEmail="ada@example.com")

    assert response.status_code == 201


# --- the company -------------------------------------------------------------------------------


def test_an_inline_company_is_created_with_its_six_fields(caller):
    response = quote(caller, companyCode=OMIT, company=INLINE_COMPANY)

    assert response.status_code == 201
    company = Company.objects.get(code="FRE")
    assert (
        company.api_client,
        company.name,
        company.country_code,
        company.legal_number,
        company.contact_email,
        company.phone,
    ) == (
        caller.api_client,
        "Fresh Co",
        "BR",
        "12.345.678/0001-90",
        "buyer@fresh.example.com",
        "+5511912345678",
    )
    assert the_order(response)["companyName"] == "Fresh Co"
    assert Order.objects.get().company == company


def test_an_inline_company_with_the_code_of_a_company_of_the_caller_updates_it(caller, company):
    response = quote(
        caller,
        companyCode=OMIT,
        company={**INLINE_COMPANY, "name": "Renamed Co", "companyCode": "ord"},
    )

    assert response.status_code == 201
    company.refresh_from_db()
    # The country stays, as with every inline company and PATCH /companies.
    assert (
        company.name,
        company.country_code,
        company.legal_number,
        company.contact_email,
        company.phone,
    ) == ("Renamed Co", "US", "12.345.678/0001-90", "buyer@fresh.example.com", "+5511912345678")
    assert Company.objects.count() == 1
    assert the_order(response)["companyName"] == "Renamed Co"


@pytest.mark.parametrize(
    "fields",
    [
        pytest.param({"companyCode": "THR"}, id="companyCode"),
        pytest.param(
            {
                "companyCode": OMIT,
                "company": {**INLINE_COMPANY, "companyCode": "thr"},
                "sendTo": "EMPLOYEE",
                "employee": INLINE_EMPLOYEE,
            },
            id="inline-company",
        ),
    ],
)
def test_a_company_code_of_another_client_is_invalid_and_nothing_is_written(
    caller, other_caller, fields
):
    theirs = CompanyFactory(api_client=other_caller.api_client, code="THR", name="Theirs")

    response = quote(caller, **fields)

    assert_refused(response, 400, "Invalid company code")
    theirs.refresh_from_db()
    assert theirs.name == "Theirs"
    assert not Employee.objects.exists()
    assert not Order.objects.exists()


def test_an_inline_company_needs_all_six_fields(caller):
    response = quote(caller, companyCode=OMIT, company={"companyCode": "FRE"})

    invalid(
        response,
        *[
            (f"company.{field}", f"{field} should not be empty")
            for field in ("name", "countryCode", "legalNumber", "contactEmail", "phone")
        ],
    )
    assert not Company.objects.exists()


@pytest.mark.parametrize(
    ("fields", "message", "details"),
    [
        pytest.param(
            {"companyCode": OMIT}, "Missing required field: companyCode", None, id="neither"
        ),
        pytest.param({"companyCode": "ZZZ"}, "Invalid company code", None, id="unknown-code"),
        pytest.param(
            {"company": INLINE_COMPANY},
            "Invalid request data",
            [{"field": "companyCode", "message": "Send exactly one of companyCode and company"}],
            id="both",
        ),
    ],
)
def test_the_company_is_a_managed_code_or_one_inline_object(
    caller, company, fields, message, details
):
    assert_refused(quote(caller, **fields), 400, message, details)


# --- the rest of the body ----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("fields", "field", "message"),
    [
        pytest.param(
            {"countryCode": OMIT}, "countryCode", "countryCode should not be empty", id="no-country"
        ),
        pytest.param(
            {"countryCode": "XX"},
            "countryCode",
            "XX is not an ISO 3166-1 alpha-2 country code: two letters, e.g. US or BR",
            id="unknown-country",
        ),
        pytest.param({"sendTo": OMIT}, "sendTo", "sendTo should not be empty", id="no-sendTo"),
        pytest.param(
            {"sendTo": "HOME"},
            "sendTo",
            '"HOME" is not a valid choice; expected one of: EMPLOYEE, STORAGE, OFFICE, QUOTE_ONLY',
            id="unknown-sendTo",
        ),
        pytest.param(
            {"extraServiceType": ["ENROLL_ABM", "GIFT_WRAP"]},
            "extraServiceType[1]",
            '"GIFT_WRAP" is not a valid choice; expected one of: ENROLL_ABM, HASH_EXTRACTION',
            id="unknown-extra-service",
        ),
        pytest.param(
            {"autoQuote": "maybe"},
            "autoQuote",
            "Must be a valid boolean.",
            id="autoQuote-not-boolean",
        ),
    ],
)
def test_malformed_bodies_are_refused_with_details(caller, company, fields, field, message):
    invalid(quote(caller, **fields), (field, message))


def test_extra_service_types_are_stored_once_each(caller, company):
    response = quote(caller, extraServiceType=["HASH_EXTRACTION", "ENROLL_ABM", "HASH_EXTRACTION"])

    assert response.status_code == 201
    assert Order.objects.get().extra_service_type == ["HASH_EXTRACTION", "ENROLL_ABM"]


@pytest.mark.parametrize(
    ("fields", "comments", "client_name"),
    [
        ({"ABMId": "ABM-1", "clientName": "Acme"}, ["ABMId: ABM-1", "Client Name: Acme"], "Acme"),
        ({"ABMId": "ABM-1"}, ["ABMId: ABM-1"], None),
        ({"clientName": "Acme"}, ["Client Name: Acme"], "Acme"),
        ({"ABMId": "", "clientName": None}, [], None),
        ({}, [], None),
    ],
    ids=["both", "ABMId-only", "clientName-only", "empty-and-null", "neither"],
)
def test_abm_id_and_client_name_become_comments(caller, company, fields, comments, client_name):
    response = quote(caller, **fields)

    assert response.status_code == 201
    order = Order.objects.get()
    assert (order.comments, order.client_name) == (comments, client_name)
    assert the_order(response)["clientName"] == client_name


# --- poNumber ----------------------------------------------------------------------------------


def test_a_repeated_po_number_answers_the_existing_order_with_200(caller, company):
    first = quote(caller, poNumber="PO-9")
    order = Order.objects.get()

    repeat = quote(caller, poNumber="PO-9", sendTo="OFFICE", hardwares=[MACBOOK])

    assert (first.status_code, repeat.status_code) == (201, 200)
    assert repeat.json() == {**first.json(), "statusCode": 200}
    assert list(Order.objects.all()) == [order]
    assert HardwareRequest.objects.count() == 1


def test_a_repeated_po_number_changes_nothing_else(caller, company):
    existing = OrderFactory(company=company, po_number="PO-9")

    response = quote(
        caller,
        companyCode=OMIT,
        company={**INLINE_COMPANY, "name": "Renamed Co", "companyCode": "ORD"},
        sendTo="EMPLOYEE",
        employee=INLINE_EMPLOYEE,
        poNumber="PO-9",
    )

    assert response.status_code == 200
    assert the_order(response)["id"] == str(existing.id)
    company.refresh_from_db()
    assert company.name == "Ordering Co"
    assert not Employee.objects.exists()
    assert Order.objects.count() == 1


def test_a_po_number_is_per_company(caller, company):
    OrderFactory(company=CompanyFactory(api_client=caller.api_client), po_number="PO-9")

    response = quote(caller, poNumber="PO-9")

    assert response.status_code == 201
    assert Order.objects.filter(company=company, po_number="PO-9").count() == 1


def test_quotes_without_a_po_number_never_repeat(caller, company):
    assert [quote(caller).status_code, quote(caller, poNumber="").status_code] == [201, 201]
    assert Order.objects.count() == 2
    assert set(Order.objects.values_list("po_number", flat=True)) == {None}


@pytest.mark.django_db(transaction=True, serialized_rollback=True)
def test_ten_quotes_with_one_new_po_number_at_once_make_one_order():
    caller = make_caller()
    CompanyFactory(api_client=caller.api_client, code="ORD")

    responses = run_together(*[lambda: quote(caller, poNumber="PO-RACE")] * 10)

    answers = [(response.status_code, the_order(response)["id"]) for response in responses]
    order = Order.objects.get()
    assert sorted(answers) == [(200, str(order.id))] * 9 + [(201, str(order.id))]
    assert HardwareRequest.objects.count() == 1
    assert order.status_history.count() == 1


# --- one transaction ---------------------------------------------------------------------------


def test_a_refused_line_leaves_no_company_employee_or_order(caller):
    response = quote(
        caller,
        companyCode=OMIT,
        company=INLINE_COMPANY,
        countryCode="BR",
        sendTo="EMPLOYEE",
        employee={
            **INLINE_EMPLOYEE,
            "countryCode": "BR",
            "city": "Sao Paulo",
            "cpf": "529.982.247-25",
        },
        hardwares=[MOUSE, {"hardwareType": "PC", "amount": 1}],
    )

    invalid(
        response,
        *[
            (f"hardwares[1].{field}", f"{field} is required for a PC line without catalogModelId")
            for field in COMPUTER_FIELDS
        ],
    )
    assert not Company.objects.filter(code="FRE").exists()
    assert not Employee.objects.exists()
    assert not Order.objects.exists()
    assert not HardwareRequest.objects.exists()


# --- autoQuote ---------------------------------------------------------------------------------


@pytest.fixture
def sandbox(settings):
    settings.ENVIRONMENT = "sandbox"


@pytest.fixture
def production(settings):
    settings.ENVIRONMENT = "production"


def test_auto_quote_is_refused_in_production_and_creates_nothing(caller, company, production):
    response = quote(caller, autoQuote=True)

    assert_refused(response, 400, "autoQuote is only available in sandbox environments")
    assert not Order.objects.exists()


def test_production_quotes_without_auto_quote_are_pending(caller, company, production):
    response = quote(caller, autoQuote=False)

    assert the_order(response)["status"] == "PENDING"


@pytest.mark.parametrize("environment", ["sandbox", "staging", "development", "test"])
def test_auto_quote_prices_every_line_and_quotes_the_order(caller, company, settings, environment):
    settings.ENVIRONMENT = environment
    laptop = CatalogItemFactory(price=Decimal("1450.00"), stock=5)
    CatalogItemFactory(hardware_type="MOUSE", price=Decimal("25.50"), stock=0)
    CatalogItemFactory(hardware_type="MOUSE", price=Decimal("19.90"), deprecated=True)
    CatalogItemFactory(hardware_type="MOUSE", price=Decimal("9.90"), country_code="BR")

    response = quote(
        caller,
        autoQuote=True,
        hardwares=[
            {"catalogModelId": str(laptop.id), "amount": 2},
            MOUSE,
            MACBOOK,
            WARRANTY,
            {"hardwareType": "WEBCAM", "amount": 1},
        ],
    )

    assert response.status_code == 201
    order = the_order(response)
    assert order["status"] == "QUOTED"
    # Catalog lines cost their item; free-form lines the cheapest current item of their type
    # in the country, else the list price of their type.
    assert [line["quotedUnitPrice"] for line in order["hardwares"]] == [
        "1450.00",
        "25.50",
        "1999.00",
        "299.00",
        "89.00",
    ]
    # Lines without alternatives stay ungrouped, their four fields null.
    assert all(
        (line["alternativeGroup"], line["isSelected"], line["isAvailable"], line["isRecommended"])
        == (None, None, None, None)
        for line in order["hardwares"]
    )
    history = Order.objects.get().status_history.all()
    assert [(change.status_from, change.status_to) for change in history] == [
        (None, "PENDING"),
        ("PENDING", "QUOTED"),
    ]
    assert {change.actor_name for change in history} == {caller.api_client.name}


def test_auto_quote_offers_the_cheapest_stocked_item_for_a_line_short_of_stock(
    caller, company, sandbox
):
    short = CatalogItemFactory(name="Latitude 7440", price=Decimal("1300.00"), stock=1)
    CatalogItemFactory(name="Too few", price=Decimal("900.00"), stock=2)
    CatalogItemFactory(name="Deprecated", price=Decimal("950.00"), stock=50, deprecated=True)
    CatalogItemFactory(name="Elsewhere", price=Decimal("800.00"), stock=50, country_code="CA")
    CatalogItemFactory(name="Other type", hardware_type="MACBOOK", price=Decimal("700"), stock=50)
    CatalogItemFactory(name="Dearer", price=Decimal("1500.00"), stock=50)
    cheapest = CatalogItemFactory(
        name="Latitude 5440",
        manufacturer_part_number="LAT-5440",
        price=Decimal("1100.00"),
        stock=3,
    )

    response = quote(
        caller,
        autoQuote=True,
        hardwares=[
            MOUSE,
            {"catalogModelId": str(short.id), "amount": 3, "externalItemId": "EXT-9"},
        ],
    )

    assert response.status_code == 201
    mouse, line = the_order(response)["hardwares"]
    group = AlternativeGroup.objects.get()
    original = HardwareRequest.objects.get(catalog_item=short)
    offered = HardwareRequest.objects.get(catalog_item=cheapest)
    assert mouse["alternativeGroup"] is None
    assert (line["id"], line["isSelected"], line["isAvailable"], line["isRecommended"]) == (
        str(original.id),
        True,
        False,
        False,
    )
    assert line["alternativeGroup"]["id"] == str(group.id)
    assert line["alternativeGroup"]["selectedId"] == str(original.id)
    first, second = line["alternativeGroup"]["candidates"]
    assert set(second) == set(CandidateSerializer().fields)
    assert (first["id"], first["isOriginalRequest"], first["quotedUnitPrice"]) == (
        str(original.id),
        True,
        "1300.00",
    )
    assert second == {
        "id": str(offered.id),
        "amount": 3,
        "notes": None,
        "quotedUnitPrice": "1100.00",
        "createdAt": second["createdAt"],
        "catalogModelId": str(cheapest.id),
        "manufacturerPartNumber": "LAT-5440",
        "brand": "DELL",
        "model": "Latitude 5440",
        "hardwareType": "PC",
        "ram": "16GB",
        "diskSpace": "512GB SSD",
        "displaySize": '14"',
        "processor": "Intel Core i7-1365U",
        "image": cheapest.image,
        "externalItemId": "EXT-9",
        "serialNumbers": [],
        "isSelected": False,
        "isAvailable": True,
        "isRecommended": True,
        "isOriginalRequest": False,
    }


def test_auto_quote_leaves_a_short_line_ungrouped_when_no_item_has_enough_stock(
    caller, company, sandbox
):
    short = CatalogItemFactory(stock=0)
    CatalogItemFactory(stock=1)

    response = quote(
        caller, autoQuote=True, hardwares=[{"catalogModelId": str(short.id), "amount": 2}]
    )

    [line] = the_order(response)["hardwares"]
    assert (line["alternativeGroup"], line["isAvailable"], line["quotedUnitPrice"]) == (
        None,
        None,
        "1299.00",
    )
    assert not AlternativeGroup.objects.exists()
    # Kept for the operator, who may still offer an alternative.
    assert HardwareRequest.objects.get().is_available is False


def test_without_auto_quote_nothing_is_priced_or_offered(caller, company, sandbox):
    short = CatalogItemFactory(stock=0)
    CatalogItemFactory(stock=10)

    response = quote(caller, hardwares=[{"catalogModelId": str(short.id), "amount": 2}])

    [line] = the_order(response)["hardwares"]
    assert (line["quotedUnitPrice"], line["alternativeGroup"]) == (None, None)
    assert Order.objects.get().status == "PENDING"
    assert HardwareRequest.objects.count() == 1
