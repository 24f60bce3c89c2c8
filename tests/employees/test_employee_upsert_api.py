"""POST /employees: the upsert, its matching, rules, validation and refusals, through HTTP."""

import pytest

from employees.choices import EmployeeStatus
from employees.models import Employee
from tests.factories import CompanyFactory
from tests.support import assert_refused, error, iso, success

pytestmark = pytest.mark.django_db

SAO_PAULO = ("São Paulo", -23.5475, -46.63611)
VALID_CPF = "52998224725"


@pytest.fixture
def company(caller):
    return CompanyFactory(api_client=caller.api_client, code="EMP")


def employee_body(**changes) -> dict:
    body = {
        "companyCode": "EMP",
        "firstName": "Ana",
        "lastName": "Silva",
        "email": "ana.silva@example.com",
        "phone": "+55 11 98765-4321",
        "governmentDNI": "12.345.678-9",
        "cpf": "529.982.247-25",
        "address": "Avenida Paulista 1000",
        "addressExtraInfo": "Apto 12",
        "city": "sao paulo",
        "postCode": "01310-100",
        "countryCode": "BR",
        "externalReferenceId": "HR-1",
    }
    body.update(changes)
    return {key: value for key, value in body.items() if value is not ...}


def employee_json(employee: Employee) -> dict:
    return {
        "id": str(employee.id),
        "createdAt": iso(employee.created_at),
        "updatedAt": iso(employee.updated_at),
        "firstName": employee.first_name,
        "lastName": employee.last_name,
        "email": employee.email,
        "status": employee.status,
        "phone": employee.phone,
        "governmentDNI": employee.government_dni,
        "cpf": employee.cpf,
        "address": employee.address,
        "addressExtraInfo": employee.address_extra_info,
        "city": employee.city,
        "postCode": employee.post_code,
        "countryCode": employee.country_code,
        "externalReferenceId": employee.external_reference_id,
        "lat": employee.lat,
        "lng": employee.lng,
        "companyId": str(employee.company_id),
        "mergedInto": str(employee.merged_into_id) if employee.merged_into_id else None,
    }


def upsert(caller, **changes):
    return caller.post("/employees", employee_body(**changes), format="json")


def invalid(field: str, message: str) -> dict:
    """A validation refusal with this one detail."""
    return error(400, "Invalid request data", [{"field": field, "message": message}])


def geocoded(employee: Employee) -> tuple:
    return employee.city, employee.lat, employee.lng


# Creation and the answer


def test_upsert_creates_an_active_employee_and_answers_the_object(caller, company):
    response = upsert(caller, email="  Ana.Silva@Example.COM ")

    assert response.status_code == 200
    employee = Employee.objects.get()
    assert response.json() == success(employee_json(employee))
    assert employee.company == company
    assert (employee.first_name, employee.last_name) == ("Ana", "Silva")
    assert employee.email == "ana.silva@example.com"
    assert employee.status == EmployeeStatus.ACTIVE
    assert employee.phone == "+5511987654321"
    assert employee.government_dni == "12.345.678-9"
    assert employee.cpf == VALID_CPF
    assert (employee.address, employee.address_extra_info) == ("Avenida Paulista 1000", "Apto 12")
    assert (employee.post_code, employee.country_code) == ("01310-100", "BR")
    assert employee.external_reference_id == "HR-1"
    assert geocoded(employee) == SAO_PAULO


def test_upsert_accepts_the_wrapped_body_with_the_same_result(caller, company):
    plain = caller.post("/employees", employee_body(), format="json")
    wrapped = caller.post(
        "/employees/",
        {
            "data": employee_body(email="bruno@example.com", externalReferenceId="HR-2"),
            "request": "employees",
            "vendor": "hlos",
            "verb": "POST",
        },
        format="json",
    )

    assert plain.status_code == wrapped.status_code == 200
    ana, bruno = Employee.objects.order_by("email")
    assert plain.json()["envelop"] == employee_json(ana)
    assert wrapped.json()["envelop"] == employee_json(bruno)
    assert (bruno.external_reference_id, bruno.city) == ("HR-2", "São Paulo")


def test_upsert_through_the_gateway_answers_like_the_direct_call(caller, company):
    gateway = caller.post(
        "/gateway",
        {"verb": "POST", "request": "employees", "vendor": "hlos", "data": employee_body()},
        format="json",
    )

    assert gateway.status_code == 200
    assert gateway.json()["envelop"] == employee_json(Employee.objects.get())


def test_upsert_creates_without_the_optional_fields(caller, company):
    response = upsert(
        caller,
        phone=...,
        cpf=...,
        addressExtraInfo=...,
        externalReferenceId=...,
        countryCode="US",
        city="New York",
        postCode="10001",
    )

    assert response.status_code == 200
    employee = Employee.objects.get()
    assert (employee.phone, employee.cpf, employee.address_extra_info) == (None, None, None)
    assert employee.external_reference_id is None
    assert geocoded(employee) == ("New York City", 40.71427, -74.00597)


@pytest.mark.parametrize("city", ["sao paulo", "SÃO  PAULO", "São-Paulo", "Sampa"])
def test_upsert_stores_the_geocoded_city_whatever_the_spelling(caller, company, city):
    response = upsert(caller, city=city)

    assert response.status_code == 200
    assert (response.json()["envelop"]["city"], Employee.objects.get().requested_city) == (
        "São Paulo",
        city,
    )
    assert geocoded(Employee.objects.get()) == SAO_PAULO


def test_upsert_with_an_unknown_city_is_refused_and_creates_nothing(caller, company):
    response = upsert(caller, city="Atlantis")

    assert_refused(response, 400, "Could not resolve a city for the given address")
    assert not Employee.objects.exists()


def test_upsert_looks_for_the_city_in_the_given_country_only(caller, company):
    response = upsert(caller, city="Lisboa")

    assert response.json() == error(400, "Could not resolve a city for the given address")


# Matching


def test_upsert_by_reference_updates_every_field_including_the_email(caller, company):
    upsert(caller)

    response = upsert(
        caller,
        firstName="Ana Maria",
        lastName="Souza",
        email="ana.souza@example.com",
        phone="+55 21 99876-5432",
        governmentDNI="98.765.432-1",
        cpf="111.444.777-35",
        address="Rua Sete de Setembro 50",
        addressExtraInfo="Casa",
        city="Rio de Janeiro",
        postCode="20050-000",
    )

    assert response.status_code == 200
    employee = Employee.objects.get()
    assert response.json()["envelop"] == employee_json(employee)
    assert (employee.first_name, employee.last_name) == ("Ana Maria", "Souza")
    assert employee.email == "ana.souza@example.com"
    assert (employee.phone, employee.government_dni, employee.cpf) == (
        "+5521998765432",
        "98.765.432-1",
        "11144477735",
    )
    assert (employee.address, employee.address_extra_info, employee.post_code) == (
        "Rua Sete de Setembro 50",
        "Casa",
        "20050-000",
    )
    assert employee.city == "Rio de Janeiro"


def test_upsert_by_reference_leaves_the_status_as_it_is(caller, company):
    upsert(caller)
    Employee.objects.update(status=EmployeeStatus.DEACTIVATED)

    upsert(caller, email="ana.new@example.com")

    assert Employee.objects.get().status == EmployeeStatus.DEACTIVATED


def test_upsert_by_email_keeps_the_stored_email_and_reactivates(caller, company):
    upsert(caller, externalReferenceId=...)
    Employee.objects.update(status=EmployeeStatus.DEACTIVATED)

    response = upsert(
        caller, email=" ANA.SILVA@example.com", externalReferenceId=..., lastName="Souza"
    )

    assert response.status_code == 200
    employee = Employee.objects.get()
    assert (employee.email, employee.last_name) == ("ana.silva@example.com", "Souza")
    assert employee.status == EmployeeStatus.ACTIVE
    assert response.json()["envelop"] == employee_json(employee)


def test_upsert_by_email_sets_a_reference_no_employee_has(caller, company):
    upsert(caller, externalReferenceId=...)

    upsert(caller, externalReferenceId="HR-9")

    assert Employee.objects.get().external_reference_id == "HR-9"


def test_upsert_with_a_new_email_and_an_unknown_reference_creates_another_employee(caller, company):
    upsert(caller)

    response = upsert(caller, email="bruno@example.com", externalReferenceId="HR-2")

    assert response.status_code == 200
    assert sorted(Employee.objects.values_list("email", "external_reference_id")) == [
        ("ana.silva@example.com", "HR-1"),
        ("bruno@example.com", "HR-2"),
    ]


def test_upsert_with_a_new_email_and_no_reference_creates_another_employee(caller, company):
    upsert(caller, externalReferenceId=...)

    upsert(caller, email="bruno@example.com", externalReferenceId=...)

    assert Employee.objects.count() == 2


def test_upsert_by_reference_to_the_email_of_another_employee_is_refused(caller, company):
    upsert(caller)
    upsert(caller, email="bruno@example.com", externalReferenceId="HR-2")

    response = upsert(caller, email="bruno@example.com", firstName="Changed")

    assert_refused(response, 400, "email already belongs to another employee in this company")
    assert Employee.objects.get(external_reference_id="HR-1").email == "ana.silva@example.com"
    assert not Employee.objects.filter(first_name="Changed").exists()


def test_the_same_email_and_reference_in_another_company_is_another_employee(caller, company):
    CompanyFactory(api_client=caller.api_client, code="OTH")
    upsert(caller)

    response = upsert(caller, companyCode="OTH")

    assert response.status_code == 200
    assert Employee.objects.values("company").distinct().count() == 2


# Fields required on creation only


@pytest.mark.parametrize("dni", [..., None, ""])
def test_create_without_government_dni_is_refused(caller, company, dni):
    response = upsert(caller, governmentDNI=dni)

    assert_refused(response, 400, "governmentDNI is required when creating a new employee")
    assert not Employee.objects.exists()


@pytest.mark.parametrize("dni", [..., None, ""])
def test_update_without_government_dni_keeps_the_stored_one(caller, company, dni):
    upsert(caller)

    response = upsert(caller, governmentDNI=dni, firstName="Changed")

    assert response.status_code == 200
    employee = Employee.objects.get()
    assert (employee.first_name, employee.government_dni) == ("Changed", "12.345.678-9")


@pytest.mark.parametrize("cpf", [..., None, ""])
def test_create_in_brazil_without_cpf_is_refused(caller, company, cpf):
    response = upsert(caller, cpf=cpf)

    assert_refused(
        response, 400, "cpf is required when creating a new employee with countryCode BR"
    )
    assert not Employee.objects.exists()


def test_create_outside_brazil_needs_no_cpf(caller, company):
    response = upsert(caller, cpf=..., countryCode="MX", city="Ciudad de Mexico")

    assert response.status_code == 200
    assert Employee.objects.get().city == "Mexico City"


def test_update_in_brazil_without_cpf_keeps_the_stored_one(caller, company):
    upsert(caller)

    response = upsert(caller, cpf=...)

    assert response.status_code == 200
    assert Employee.objects.get().cpf == VALID_CPF


def test_optional_fields_left_out_of_an_update_keep_their_values(caller, company):
    upsert(caller)

    upsert(caller, phone=None, addressExtraInfo="")

    employee = Employee.objects.get()
    assert (employee.phone, employee.address_extra_info) == ("+5511987654321", "Apto 12")


# Field formats


@pytest.mark.parametrize("cpf", ["529.982.247-25", "52998224725", " 529 982 247 25 "])
def test_a_valid_cpf_is_stored_as_its_eleven_digits(caller, company, cpf):
    response = upsert(caller, cpf=cpf)

    assert response.status_code == 200
    assert response.json()["envelop"]["cpf"] == VALID_CPF
    assert Employee.objects.get().cpf == VALID_CPF


@pytest.mark.parametrize(
    ("cpf", "message"),
    [
        ("529.982.247-24", "Invalid CPF number: the check digits do not match"),
        ("111.111.111-11", "Invalid CPF number: the check digits do not match"),
        ("529.982.247", "Invalid CPF format: 11 digits expected"),
        ("529.982.ABC-25", "Invalid CPF format: 11 digits expected"),
    ],
)
def test_a_cpf_with_wrong_check_digits_or_format_is_refused(caller, company, cpf, message):
    response = upsert(caller, cpf=cpf)

    assert response.status_code == 400
    assert response.json() == invalid("cpf", message)
    assert not Employee.objects.exists()


def test_a_wrong_cpf_is_refused_on_update_too(caller, company):
    upsert(caller)

    response = upsert(caller, cpf="529.982.247-24")

    assert response.json() == invalid("cpf", "Invalid CPF number: the check digits do not match")
    assert Employee.objects.get().cpf == VALID_CPF


@pytest.mark.parametrize(
    ("phone", "stored"),
    [("+55 (11) 98765-4321", "+5511987654321"), ("+1 415 555 2671", "+14155552671")],
)
def test_a_phone_is_stored_in_e164(caller, company, phone, stored):
    response = upsert(caller, phone=phone)

    assert response.json()["envelop"]["phone"] == stored


@pytest.mark.parametrize(
    ("phone", "message"),
    [
        ("11 98765-4321", "phone must start with + and the country code, e.g. +14155550123"),
        ("0055 11 98765-4321", "phone must start with + and the country code, e.g. +14155550123"),
        (
            "+55 11 123",
            "Invalid phone number: expected E.164 with its country code, e.g. +14155550123",
        ),
        ("+999 1234567", "phone must start with + and the country code, e.g. +14155550123"),
    ],
)
def test_a_phone_without_country_code_or_invalid_is_refused(caller, company, phone, message):
    response = upsert(caller, phone=phone)

    assert response.status_code == 400
    assert response.json() == invalid("phone", message)


def test_an_invalid_email_is_refused(caller, company):
    response = upsert(caller, email="ana.silva@")

    assert response.json() == invalid("email", "Invalid email format")


def test_an_unknown_country_code_is_refused(caller, company):
    response = upsert(caller, countryCode="XX")

    assert response.json() == invalid(
        "countryCode", "XX is not an ISO 3166-1 alpha-2 country code: two letters, e.g. US or BR"
    )


def test_every_required_field_is_named_when_missing(caller, company):
    response = caller.post("/employees", {"companyCode": "EMP"}, format="json")

    required = ["firstName", "lastName", "email", "address", "city", "postCode", "countryCode"]
    assert response.json() == error(
        400,
        "Invalid request data",
        [{"field": field, "message": f"{field} should not be empty"} for field in required],
    )


# Geocoding only when the address changes


def corrupt_the_stored_city() -> None:
    Employee.objects.update(city="Stale", lat=0.0, lng=0.0)


def test_an_update_that_leaves_the_address_alone_keeps_the_stored_city(caller, company):
    upsert(caller)
    corrupt_the_stored_city()

    response = upsert(caller, firstName="Changed", email="changed@example.com", phone=...)

    assert response.status_code == 200
    assert geocoded(Employee.objects.get()) == ("Stale", 0.0, 0.0)


@pytest.mark.parametrize(
    "change",
    [{"address": "Rua Augusta 1"}, {"city": "Sampa"}, {"postCode": "01311-000"}],
)
def test_an_update_that_changes_the_address_geocodes_it_again(caller, company, change):
    upsert(caller)
    corrupt_the_stored_city()

    response = upsert(caller, **change)

    assert response.status_code == 200
    assert geocoded(Employee.objects.get()) == SAO_PAULO


def test_an_update_that_changes_the_country_geocodes_it_again(caller, company):
    upsert(caller, countryCode="FR", city="Paris", cpf=...)

    upsert(caller, countryCode="US", city="Paris")

    assert geocoded(Employee.objects.get()) == ("Paris", 33.66094, -95.55551)


def test_an_update_to_an_unknown_city_is_refused_and_changes_nothing(caller, company):
    upsert(caller)

    response = upsert(caller, city="Atlantis", firstName="Changed")

    assert response.json() == error(400, "Could not resolve a city for the given address")
    employee = Employee.objects.get()
    assert (employee.first_name, employee.requested_city) == ("Ana", "sao paulo")
    assert geocoded(employee) == SAO_PAULO


# Tenancy and authentication


def test_upsert_with_a_company_of_another_client_is_refused(caller, other_caller, company):
    CompanyFactory(api_client=other_caller.api_client, code="THR")

    response = upsert(caller, companyCode="THR")

    assert_refused(response, 400, "Invalid company code")
    assert not Employee.objects.exists()


def test_upsert_without_a_company_code_is_refused(caller, company):
    response = upsert(caller, companyCode=...)

    assert response.json() == error(400, "Missing required field: companyCode")


def test_upsert_without_a_key_is_401(anonymous, company):
    response = anonymous.post("/employees", employee_body(), format="json")

    assert_refused(response, 401, "Unauthorized access")
