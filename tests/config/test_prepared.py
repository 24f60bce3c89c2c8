"""A query run often is prepared on its connection and planned once (settings:
`prepare_threshold`), its parameters sent apart from its SQL: every list keeps answering, and
the item lists run one plan made for any parameters rather than one planned per request."""

import pytest
from django.db import connection

from config.db import Constant
from hardware.choices import HardwareStatus
from hardware.models import Hardware
from tests.factories import CompanyFactory, HardwareFactory

pytestmark = pytest.mark.django_db

# More runs than the threshold (5) and than PostgreSQL's custom plans before it judges a
# generic one (5).
RUNS = 12


def items_statement_plans(storage: bool) -> tuple[int, int]:
    """(generic, custom) plans of the prepared items' query, the storage list's or the other."""
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT generic_plans, custom_plans FROM pg_prepared_statements"
            " WHERE statement LIKE %s AND (statement LIKE %s) = %s",
            ['%FROM "hardware_hardware"%', "%'STORAGE'%", storage],
        )
        return cursor.fetchone() or (0, 0)


@pytest.mark.parametrize("path", ["/hardwares", "/hardwares/storages"])
def test_an_item_list_run_often_is_prepared_and_planned_once_for_any_company(caller, path):
    companies = [CompanyFactory(api_client=caller.api_client) for _ in range(2)]
    for company in companies:
        HardwareFactory(company=company)
        HardwareFactory(company=company, on_employee=True)

    for run in range(RUNS):
        company = companies[run % 2]
        answer = caller.get(path, {"companyCode": company.code})
        assert answer.status_code == 200
        items = answer.json()["envelop"]
        assert len(items) == (1 if path.endswith("storages") else 2)
        assert {item["company"]["id"] for item in items} == {str(company.id)}

    generic, custom = items_statement_plans(storage=path.endswith("storages"))
    # Prepared by its sixth run on the connection (earlier tests may have run it too);
    # PostgreSQL plans a prepared query's first five runs for their parameters, then keeps the
    # plan made for any when it is no dearer: with the storage list's status written into the
    # SQL (Constant), it is.
    assert custom <= 5
    assert generic >= RUNS - 5 - 5


@pytest.mark.parametrize("code", ["STORAGE'; --", "a b", "", "é"])
def test_a_constant_is_a_plain_code(code):
    with pytest.raises(ValueError, match="is not a plain code"):
        Constant(code)


def test_a_constant_is_compared_as_written():
    HardwareFactory(status=HardwareStatus.STORAGE)
    HardwareFactory(on_employee=True)

    assert list(
        Hardware.objects.filter(status=Constant(HardwareStatus.STORAGE)).values_list(
            "status", flat=True
        )
    ) == [HardwareStatus.STORAGE]
