"""The demo company's people (`manage.py seed_demo`): in the US, Brazil and Germany."""

from employees.models import Employee
from employees.services import EmployeeDetails, employee_upsert

DEMO_EMPLOYEES = (
    EmployeeDetails(
        email="jordan.lee@demo.example",
        first_name="Jordan",
        last_name="Lee",
        phone="+14155550123",
        government_dni="123-45-6789",
        address="500 Congress Avenue",
        city="Austin",
        post_code="78701",
        country_code="US",
        external_reference_id="DEMO-HR-1",
    ),
    EmployeeDetails(
        email="ana.silva@demo.example",
        first_name="Ana",
        last_name="Silva",
        phone="+5511987654321",
        government_dni="12.345.678-9",
        cpf="52998224725",
        address="Avenida Paulista 1000",
        address_extra_info="Apto 12",
        city="Sao Paulo",
        post_code="01310-100",
        country_code="BR",
        external_reference_id="DEMO-HR-2",
    ),
    EmployeeDetails(
        email="lena.fischer@demo.example",
        first_name="Lena",
        last_name="Fischer",
        phone="+4930901820",
        government_dni="L01X00T47",
        address="Friedrichstrasse 68",
        city="Berlin",
        post_code="10117",
        country_code="DE",
        external_reference_id="DEMO-HR-3",
    ),
    EmployeeDetails(
        email="sam.carter@demo.example",
        first_name="Sam",
        last_name="Carter",
        government_dni="987-65-4321",
        address="1 Market Street",
        city="San Francisco",
        post_code="94105",
        country_code="US",
        external_reference_id="DEMO-HR-4",
    ),
)


def demo_employees_seed(company) -> str:
    """The demo's employees, made unless the company has some; the line says how many it has."""
    existing = Employee.objects.filter(company=company).count()
    if existing:
        return f"Employees: {existing} (0 new: the demo company had some already)."
    for details in DEMO_EMPLOYEES:
        employee_upsert(company=company, details=details)
    emails = ", ".join(e.email for e in DEMO_EMPLOYEES)
    return f"Employees: {len(DEMO_EMPLOYEES)} ({len(DEMO_EMPLOYEES)} new: {emails})."
