"""Records with parcels, made as clients and operators make them, and their shipments read as
a client reads them."""

from config.kernel.actors import Actor
from logistics import services as logistics
from tests.factories import EmployeeFactory, HardwareFactory


def onboarding(company, *, employee=None):
    """An onboarding of one item of the company's to a new employee, PROCESSING."""
    employee = employee or EmployeeFactory(company=company)
    item = HardwareFactory(company=company)
    return logistics.movement_onboarding_create(
        company=company,
        actor=Actor.api_client(company.api_client),
        hardware_ids=[item.id],
        employee_email=employee.email,
    )


def advance(client, movement, status="COORDINATED", **fields):
    """The sandbox's operator move of `movement` (POST /sandbox/movement_requests/{id}/advance)."""
    body = {"companyCode": movement.company.code, "status": status, **fields}
    return client.post(f"/sandbox/movement_requests/{movement.id}/advance", body, format="json")


def shipments(client, path: str, company_code: str) -> list[dict]:
    response = client.get(f"{path}/shipments", {"companyCode": company_code})
    assert response.status_code == 200, response.json()
    return response.json()["envelop"]
