"""Every input bounded and typed (issue 10, item 3): maximum lengths and sizes, strict JSON
types, and 413 for a body too large to read."""

import re
import uuid

import pytest
from django.test import Client, override_settings

from companies.models import Company
from config.kernel.links import HTTP_URL_PATTERN
from hardware.models import Hardware
from tests.factories import CompanyFactory, EmployeeFactory, HardwareRequestFactory, OrderFactory
from tests.support import assert_refused

pytestmark = pytest.mark.django_db


@pytest.fixture
def company(caller):
    return CompanyFactory(api_client=caller.api_client, code="LIM")


def invalid(response, field, message):
    assert_refused(response, 400, "Invalid request data", [{"field": field, "message": message}])


def invalid_company(response, field, message):
    """The refusal of POST /companies, whose errors carry `envelop: []`."""
    details = [{"field": field, "message": message}]
    assert_refused(response, 400, "Invalid request data", details, with_empty_envelop=True)


def create_hardware(caller, **fields):
    body = {"companyCode": "LIM", "countryCode": "US", "hardwareType": "MONITOR", **fields}
    return caller.post("/hardwares", body, format="json")


def quote(caller, **line):
    body = {
        "companyCode": "LIM",
        "countryCode": "US",
        "sendTo": "STORAGE",
        "hardwares": [{"hardwareType": "MOUSE", "amount": 1, **line}],
    }
    return caller.post("/orders/quote", body, format="json")


# --- lengths and sizes -------------------------------------------------------------------------


def test_a_hardware_description_holds_at_most_2000_characters(caller, company):
    longest = create_hardware(caller, description="d" * 2000, serialNumber="S-1")
    too_long = create_hardware(caller, description="d" * 2001, serialNumber="S-2")

    assert longest.status_code == 201
    invalid(too_long, "description", "Ensure this field has no more than 2000 characters.")
    assert not Hardware.objects.filter(serial_number="S-2").exists()


def test_a_new_items_description_in_an_offboarding_holds_at_most_2000_characters(caller, company):
    employee = EmployeeFactory(company=company)
    item = {
        "serialNumber": "NEW-1",
        "dateBought": "2025-01-15T10:30:00Z",
        "hardwareType": "MONITOR",
        "description": "d" * 2001,
    }
    body = {
        "companyCode": "LIM",
        "employeeEmail": employee.email,
        "handledBy": "COMPANY",
        "hardwares": {"newHardwares": [item]},
    }

    response = caller.post("/movement_requests/offboarding", body, format="json")

    invalid(
        response,
        "hardwares.newHardwares[0].description",
        "Ensure this field has no more than 2000 characters.",
    )


def test_a_quote_lines_notes_hold_at_most_2000_characters(caller, company):
    longest = quote(caller, notes="n" * 2000)
    too_long = quote(caller, notes="n" * 2001)

    assert longest.status_code == 201
    invalid(too_long, "hardwares[0].notes", "Ensure this field has no more than 2000 characters.")


def test_a_removal_naming_more_entries_than_an_order_has_lines_is_refused_in_one_message(
    caller, company
):
    order = OrderFactory(company=company)
    line = HardwareRequestFactory(order=order)
    entries = [{"hardwareRequestId": str(uuid.uuid4())} for _ in range(10_000)]

    response = caller.patch(
        f"/orders/{order.id}/hardware-requests/remove",
        {"companyCode": "LIM", "hardwareRequests": entries},
        format="json",
    )

    invalid(
        response,
        "hardwareRequests",
        "hardwareRequests holds at most 200 entries, as many as an order has lines",
    )
    assert len(response.content) < 500
    line.refresh_from_db()


def test_an_over_long_list_is_refused_before_its_entries_are_read(caller, company):
    """201 entries that are each wrong get one message about the list, none about an entry."""
    order = OrderFactory(company=company)

    response = caller.patch(
        f"/orders/{order.id}/hardware-requests/remove",
        {"companyCode": "LIM", "hardwareRequests": [{"amount": "x"}] * 201},
        format="json",
    )

    assert [detail["field"] for detail in response.json()["details"]] == ["hardwareRequests"]


def test_an_offboarding_carries_at_most_500_new_items(caller, company):
    employee = EmployeeFactory(company=company)
    item = {"serialNumber": "N", "dateBought": "2025-01-15T10:30:00Z", "hardwareType": "MOUSE"}
    body = {
        "companyCode": "LIM",
        "employeeEmail": employee.email,
        "handledBy": "COMPANY",
        "hardwares": {"newHardwares": [item] * 501},
    }

    response = caller.post("/movement_requests/offboarding", body, format="json")

    invalid(
        response,
        "hardwares.newHardwares",
        "Ensure this field has no more than 500 elements.",
    )


# --- strict types ------------------------------------------------------------------------------


def test_a_number_is_not_a_string(caller):
    response = caller.post(
        "/companies", {"name": "Acme", "companyCode": "ACM", "abmCode": -271}, format="json"
    )

    invalid_company(response, "abmCode", "Not a valid string.")
    assert not Company.objects.filter(code="ACM").exists()


def test_a_string_is_not_a_number(caller, company):
    response = quote(caller, amount="3")

    invalid(response, "hardwares[0].amount", "amount must be a positive integer")


@pytest.mark.parametrize("value", ["yes", "true", 1, "1"])
def test_only_true_and_false_are_booleans(caller, company, value):
    response = create_hardware(caller, newHardware=value, serialNumber="S-1")

    invalid(response, "newHardware", "Must be a valid boolean.")


def test_a_number_is_not_an_identifier(caller, company):
    response = create_hardware(caller, employeeProfileId=12345)

    invalid(response, "employeeProfileId", "Must be a valid UUID.")


def test_a_choice_is_a_string(caller, company):
    response = create_hardware(caller, hardwareType=["MONITOR"])

    invalid(
        response,
        "hardwareType",
        "\"['MONITOR']\" is not a valid choice; expected one of: HEADPHONES, MACBOOK, CHAIR, "
        "MOUSE, TRACKPAD, PC, MONITOR, ACCESSORY, PHONE, KEYBOARD, IPHONE, WEBCAM",
    )


def test_the_entries_of_a_list_are_typed_too(caller, company):
    employee = EmployeeFactory(company=company)
    body = {"companyCode": "LIM", "hardwareIds": [7], "employeeEmail": employee.email}

    response = caller.post("/movement_requests/onboarding", body, format="json")

    invalid(response, "hardwareIds[0]", "Must be a valid UUID.")


# --- the schema --------------------------------------------------------------------------------


def test_the_schema_states_the_bounds_and_shapes_of_the_inputs(anonymous):
    schema = anonymous.get("/schema/", {"format": "json"}).json()
    schemas = schema["components"]["schemas"]
    listing = schema["paths"]["/hardwares"]["get"]["parameters"]

    def field(component, name):
        return schemas[component]["properties"][name]

    country = next(p for p in listing if p["name"] == "countryCode")
    takes = re.compile(country["schema"]["pattern"])
    assert all(takes.match(code) for code in ("US", "us", "Eu", " br ", ""))
    assert not any(takes.match(code) for code in ("ZZ", "USA", "u"))
    assert country["allowEmptyValue"] is True

    company_code = {"pattern": "^[A-Za-z0-9]{3}$", "minLength": 3, "maxLength": 3}
    assert company_code.items() <= field("HardwareCreateRequest", "companyCode").items()
    assert field("CompanyCreateRequest", "companyCode")["pattern"] == "^[A-Za-z0-9]{3}$"
    employee_country = re.compile(field("EmployeeUpsertRequest", "countryCode")["pattern"])
    assert employee_country.match("br") and employee_country.match("BR")
    assert not employee_country.match("EU") and not employee_country.match("")
    assert field("HardwareCreateRequest", "description")["maxLength"] == 2000
    assert field("QuoteLineRequest", "notes")["maxLength"] == 2000
    assert {"minimum": 1, "maximum": 1000}.items() <= field("QuoteLineRequest", "amount").items()
    assert field("LinesRemoveRequest", "hardwareRequests")["maxItems"] == 200
    assert field("LineRemovalRequest", "amount")["minimum"] == 1
    assert field("CompanyCreateRequest", "webhookUrl")["pattern"] == HTTP_URL_PATTERN
    assert {"minItems": 1, "maxItems": 200}.items() <= field("QuoteRequest", "hardwares").items()
    assert field("OffboardingHardwaresRequest", "newHardwares")["maxItems"] == 500
    assert {"minItems": 1, "maxItems": 500}.items() <= field(
        "OnboardingRequest", "hardwareIds"
    ).items()
    assert {"pattern": r"^\s*\+", "maxLength": 32}.items() <= field(
        "QuoteEmployeeRequest", "phone"
    ).items()
    assert schemas["HandledByEnum"]["enum"] == ["PROVIDER", "COMPANY"]
    assert field("GatewayRequestRequest", "vendor")["pattern"] == r"^\s*[hH][lL][oO][sS]\s*$"


# --- body size ---------------------------------------------------------------------------------


@override_settings(DATA_UPLOAD_MAX_MEMORY_SIZE=1_000)
def test_a_body_over_the_upload_limit_is_413_in_the_error_envelope(caller, company):
    response = create_hardware(caller, description="d" * 2_000)

    assert_refused(response, 413, "Request body too large")


@pytest.mark.urls("tests.config.urls")
@override_settings(DATA_UPLOAD_MAX_MEMORY_SIZE=1_000)
def test_a_body_too_large_for_django_itself_is_413_in_the_error_envelope():
    response = Client(raise_request_exception=False).post(
        "/test/plain-body", "x" * 2_000, content_type="text/plain"
    )

    assert_refused(response, 413, "Request body too large")


@override_settings(DATA_UPLOAD_MAX_MEMORY_SIZE=1_000)
def test_a_body_too_large_through_the_gateway_is_413_too(caller, company):
    body = {"verb": "POST", "request": "hardwares", "vendor": "hlos", "data": {"x": "d" * 2_000}}

    response = caller.post("/gateway", body, format="json")

    assert_refused(response, 413, "Request body too large")


def test_a_length_is_judged_as_sent_not_once_trimmed(caller):
    response = caller.post(
        "/companies", {"name": "Acme" + " " * 300, "companyCode": "ACM"}, format="json"
    )

    invalid_company(response, "name", "Ensure this field has no more than 200 characters.")


def quote_for_a_new_company(caller, **company):
    fields = {
        "name": "Fresh Co",
        "companyCode": "FRE",
        "countryCode": "BR",
        "legalNumber": "12.345.678/0001-90",
        "contactEmail": "buyer@fresh.example.com",
        "phone": "+55 11 91234 5678",
        **company,
    }
    body = {
        "company": fields,
        "countryCode": "BR",
        "sendTo": "STORAGE",
        "hardwares": [{"hardwareType": "MOUSE", "amount": 1}],
    }
    return caller.post("/orders/quote", body, format="json")


def test_a_phone_is_bounded_before_it_is_parsed(caller):
    response = quote_for_a_new_company(caller, phone="+55 11 91234 5678" + " " * 40)

    invalid(response, "company.phone", "Ensure this field has no more than 32 characters.")


def test_an_e_mail_longer_than_its_column_is_refused_not_a_server_error(caller):
    """Django's e-mail validator takes up to 320 characters; the column holds 254."""
    address = "a" * 64 + "@" + "b" * 60 + "." + "c" * 60 + "." + "d" * 60 + "." + "e" * 60 + ".com"

    response = quote_for_a_new_company(caller, contactEmail=address)

    invalid(response, "company.contactEmail", "Ensure this field has no more than 254 characters.")
    assert not Company.objects.filter(code="FRE").exists()


def test_the_gateways_envelope_is_bounded_too(caller):
    body = {"verb": "GET", "request": "companies?" + "x" * 2_000, "vendor": "hlos"}

    response = caller.post("/gateway", body, format="json")

    invalid(response, "request", "Ensure this field has no more than 2000 characters.")


@pytest.mark.parametrize("code", ["LIMS", "L" * 5_000, "LI"])
def test_a_company_code_of_another_shape_is_an_unknown_code_not_a_malformed_field(
    caller, company, code
):
    """The schema states the shape of a code; the answer to another is the contract's."""
    body = {
        "companyCode": code,
        "countryCode": "US",
        "sendTo": "STORAGE",
        "hardwares": [{"hardwareType": "MOUSE", "amount": 1}],
    }

    response = caller.post("/orders/quote", body, format="json")

    assert_refused(response, 400, "Invalid company code")


@pytest.mark.parametrize(("code", "status_code"), [(" us ", 201), ("USA", 400), ("U" * 5_000, 400)])
def test_a_country_code_is_judged_as_a_code_whatever_its_length(caller, company, code, status_code):
    """The schema states two letters; a longer value is still named as no country code."""
    response = create_hardware(caller, countryCode=code, serialNumber="S-1")

    assert response.status_code == status_code
    if status_code == 400:
        message = (
            f"{code} is not an ISO 3166-1 alpha-2 country code: two letters, e.g. US or BR, or EU"
        )
        invalid(response, "countryCode", message)
