"""No list's SQL grows with the number of records it answers (issue 15): related records are
read by joins and subqueries, never by a list of ids written into the query."""

import pytest
from django.db import connection

from tests.factories import (
    CatalogItemFactory,
    CompanyFactory,
    EmployeeFactory,
    EventFactory,
    HardwareFactory,
    HardwareRequestFactory,
    MovementRequestFactory,
    OrderFactory,
)

pytestmark = pytest.mark.django_db

LISTS = (
    "/hardwares",
    "/hardwares/storages",
    "/movement_requests",
    "/orders",
    "/employees",
    "/events",
    "/catalog",
    "/companies",
)


def add_records(company, count: int) -> None:
    """`count` more records of every list, each with the related records its list shows."""
    for _ in range(count):
        employee = EmployeeFactory(company=company)
        HardwareFactory(company=company)
        carried = HardwareFactory(company=company, employee=employee, status="EMPLOYEE")
        MovementRequestFactory(company=company, to_employee=employee, hardwares=[carried])
        HardwareRequestFactory(order=OrderFactory(company=company))
        EventFactory(company=company)
        CatalogItemFactory()
        CompanyFactory(api_client=company.api_client)


def sql_of(caller, path: str) -> tuple[list[str], int]:
    """The SQL (with placeholders, before values are bound) of one GET of the list, and the
    length of its answer."""
    statements = []

    def record(execute, sql, params, many, context):
        statements.append(sql)
        return execute(sql, params, many, context)

    with connection.execute_wrapper(record):
        response = caller.get(path, {"companyCode": "SQL"})
    assert response.status_code == 200, response.content
    return statements, len(response.content)


@pytest.mark.parametrize("path", LISTS)
def test_the_sql_of_a_list_is_the_same_at_two_sizes(caller, path):
    company = CompanyFactory(api_client=caller.api_client, code="SQL")
    add_records(company, 2)
    caller.get(path, {"companyCode": "SQL"})  # the key's first use is recorded once
    few, few_answer = sql_of(caller, path)
    add_records(company, 6)
    many, many_answer = sql_of(caller, path)

    assert many_answer > 2 * few_answer
    assert [len(sql) for sql in many] == [len(sql) for sql in few]
