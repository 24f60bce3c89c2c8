"""An operator reads on an employee's page that the identity provider deleted the user."""

import pytest
from django.urls import reverse

from scim.models import DeletedUser
from tests.factories import EmployeeFactory

pytestmark = pytest.mark.django_db


def test_the_employee_page_says_when_the_identity_provider_deleted_the_user(admin_client):
    deleted, kept = EmployeeFactory(status="DEACTIVATED"), EmployeeFactory()
    row = DeletedUser.objects.create(employee=deleted)

    page = admin_client.get(reverse("admin:employees_employee_change", args=[deleted.pk]))
    other = admin_client.get(reverse("admin:employees_employee_change", args=[kept.pk]))

    assert page.status_code == other.status_code == 200
    assert "Deleted by the identity provider (SCIM)" in page.text
    assert row.deleted_at.strftime("%Y") in page.text
    # Not on the page of an employee the identity provider did not delete.
    assert "identity provider" not in other.text
