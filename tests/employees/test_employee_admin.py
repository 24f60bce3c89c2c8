"""Operators find employees by what a client quotes and see the hardware they hold."""

import pytest
from django.urls import reverse

from hardware.choices import HardwareStatus
from tests.admin_pages import change_page_form
from tests.factories import CompanyFactory, EmployeeFactory, HardwareFactory

pytestmark = pytest.mark.django_db

CHANGELIST = reverse("admin:employees_employee_changelist")


@pytest.mark.parametrize("term", ["ana.silva@example", "Anabela", "Silvestre", "HR-77", "ZZA"])
def test_the_list_finds_an_employee_by_email_name_reference_or_company_code(admin_client, term):
    wanted = EmployeeFactory(
        company=CompanyFactory(code="ZZA"),
        email="ana.silva@example.com",
        first_name="Anabela",
        last_name="Silvestre",
        external_reference_id="HR-77",
    )
    EmployeeFactory()

    response = admin_client.get(CHANGELIST, {"q": term})

    assert list(response.context["cl"].result_list) == [wanted]


def test_the_list_filters_by_company_country_and_status(admin_client):
    wanted = EmployeeFactory(country_code="BR", status="DEACTIVATED")
    EmployeeFactory(company=wanted.company, country_code="BR")
    EmployeeFactory(country_code="BR", status="DEACTIVATED")

    response = admin_client.get(
        CHANGELIST,
        {"company__id__exact": wanted.company_id, "country_code": "BR", "status": "DEACTIVATED"},
    )

    assert list(response.context["cl"].result_list) == [wanted]


def test_the_list_uses_a_fixed_number_of_queries(admin_client, django_assert_max_num_queries):
    for _ in range(20):
        EmployeeFactory()

    with django_assert_max_num_queries(12):
        response = admin_client.get(CHANGELIST)

    assert response.context["cl"].result_count == 20


def test_the_change_page_shows_the_hardware_held_and_geocoding_read_only(admin_client):
    employee = EmployeeFactory()
    HardwareFactory(
        company=employee.company,
        employee=employee,
        status=HardwareStatus.EMPLOYEE,
        storage=None,
        serial_number="SN-HELD-1",
    )

    response = admin_client.get(reverse("admin:employees_employee_change", args=[employee.pk]))

    assert response.status_code == 200
    assert "SN-HELD-1" in response.text
    form_fields = response.context["adminform"].form.fields
    assert not {"lat", "lng", "city", "address"} & set(form_fields)


def test_employees_are_not_added_in_the_admin(admin_client):
    response = admin_client.get(reverse("admin:employees_employee_add"))

    assert response.status_code == 403


def test_what_the_upsert_checks_cannot_be_changed_in_the_admin(admin_client):
    """The e-mail and external reference (what the upsert matches by, the e-mail lower-cased)
    and the phone and CPF (taken only well formed) change through the upsert only."""
    employee = EmployeeFactory(
        email="ana@example.com",
        first_name="Ana",
        external_reference_id="HR-1",
        phone="+14155550100",
        cpf="52998224725",
    )
    url = reverse("admin:employees_employee_change", args=[employee.pk])
    page = admin_client.get(url)

    data = change_page_form(page) | {
        "email": "  Ana.New@Example.COM ",
        "external_reference_id": "HR-2",
        "phone": "not a phone",
        "cpf": "123",
        "first_name": "Anabela",
    }
    response = admin_client.post(url, data)

    assert response.status_code == 302, response.context["adminform"].form.errors
    employee.refresh_from_db()
    assert (
        employee.email,
        employee.external_reference_id,
        employee.phone,
        employee.cpf,
        employee.first_name,
    ) == ("ana@example.com", "HR-1", "+14155550100", "52998224725", "Anabela")
    fields = {"email", "external_reference_id", "phone", "cpf"}
    assert not fields & set(page.context["adminform"].form.fields)
