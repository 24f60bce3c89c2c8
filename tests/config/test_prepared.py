"""A query run often is prepared on its connection and planned once (settings:
`prepare_threshold`), its parameters sent apart from its SQL: every list keeps answering, and
the item lists run one plan made for any parameters rather than one planned per request."""

import re
from itertools import count

import pytest
from django.db import DataError, connection
from django.db.models import UUIDField
from django.db.models.expressions import RawSQL

from companies.models import Company
from config.api.paging import Keyset, Page
from config.compiled import Param, compiled_rows
from config.db import Constant
from hardware.choices import HardwareStatus
from hardware.models import Hardware, Storage
from hardware.selectors import HARDWARES, hardware_rows
from tests.factories import CompanyFactory, EmployeeFactory, HardwareFactory

pytestmark = pytest.mark.django_db

# More runs than the threshold (5) and than PostgreSQL's custom plans before it judges a
# generic one (5).
RUNS = 12


def plans_of(sql: str) -> tuple[int, int]:
    """(generic, custom) plans of the statement prepared for `sql` (as Django ran it: `%s` for
    each parameter, which psycopg sends as `$1`, `$2`...)."""
    numbers = count(1)
    sent = re.sub(r"%s", lambda _: f"${next(numbers)}", sql).replace("%%", "%")
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT generic_plans, custom_plans FROM pg_prepared_statements WHERE statement = %s",
            [sent],
        )
        return cursor.fetchone() or (0, 0)


@pytest.mark.parametrize("path", ["/hardwares", "/hardwares/storages"])
def test_an_item_list_run_often_is_prepared_and_planned_once_for_any_company(caller, path):
    companies = [CompanyFactory(api_client=caller.api_client) for _ in range(2)]
    stored = Storage.objects.get_or_create(country_code="US")[0]
    holder = EmployeeFactory(company=companies[0])
    for company in companies:
        HardwareFactory(company=company)
        HardwareFactory(company=company, on_employee=True)
    # Enough items that PostgreSQL's estimates tell the statuses apart, as a company's would.
    Hardware.objects.bulk_create(
        [
            HardwareFactory.build(company=companies[0], storage=stored)
            if number % 5 < 2
            else HardwareFactory.build(
                company=companies[0], status=HardwareStatus.EMPLOYEE, storage=None, employee=holder
            )
            for number in range(400)
        ]
    )
    with connection.cursor() as cursor:
        cursor.execute("ANALYZE hardware_hardware")

    run_sql = []

    def recorded(execute, sql, params, many, context):
        run_sql.append(sql)  # as Django hands it to psycopg, `%s` for each parameter
        return execute(sql, params, many, context)

    def answered(run: int) -> None:
        company = companies[run % 2]
        with connection.execute_wrapper(recorded):
            answer = caller.get(path, {"companyCode": company.code})
        assert answer.status_code == 200
        items = answer.json()["envelop"]
        assert len(items) == (1 if path.endswith("storages") else 2) + (
            0 if run % 2 else 160 if path.endswith("storages") else 400
        )
        assert {item["company"]["id"] for item in items} == {str(company.id)}

    answered(0)
    items_sql = next(sql for sql in run_sql if 'FROM "hardware_hardware"' in sql)
    # The connection outlives a test: what earlier tests' runs counted is taken off.
    generic_before, custom_before = plans_of(items_sql)
    for run in range(1, RUNS + 1):
        answered(run)
    generic, custom = plans_of(items_sql)

    # Prepared on its first run on the connection, and planned once for any company: the
    # plan kept for any values (settings: `plan_cache_mode`).
    assert custom == custom_before == 0
    assert generic - generic_before == RUNS


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


def test_every_page_runs_the_one_plan_prepared_for_any_cursor_and_limit():
    # Prepared on its first run, with its limit a parameter (docs/decisions.md, "Pages
    # planned once for any company").
    company = CompanyFactory()
    HardwareFactory.create_batch(4, company=company)
    run_sql = []

    def recorded(execute, sql, params, many, context):
        run_sql.append(sql)
        return execute(sql, params, many, context)

    with connection.execute_wrapper(recorded):
        first = hardware_rows(company=company, page=Page(keyset=HARDWARES, limit=1))
    (first_sql,) = run_sql
    generic_before, custom_before = plans_of(first_sql)
    with connection.execute_wrapper(recorded):
        for run in range(RUNS):
            page = Page(keyset=HARDWARES, limit=1 + run % 2, after_key=first[0][-2:])
            assert len(hardware_rows(company=company, page=page)) == 2 + run % 2
    after_sql = run_sql[1]

    assert set(run_sql[1:]) == {after_sql}  # one statement for every limit
    assert plans_of(after_sql) == (RUNS, 0)
    assert plans_of(first_sql) == (generic_before, custom_before) != (0, 0)


def test_items_are_paged_only_in_the_order_their_rows_end_with():
    # A page takes its cursor from a row's last values, HARDWARES' key columns: a page of
    # another order would make a cursor of the wrong values.
    with pytest.raises(ValueError, match="items page in HARDWARES' order"):
        hardware_rows(
            company=CompanyFactory(),
            page=Page(keyset=Keyset("hardwares", ("created_at", "id")), limit=1),
        )


def test_only_compiled_reads_run_the_plan_made_for_any_values():
    # Other queries are planned for their values, as a partial index needs (docs/decisions.md,
    # "Pages planned once for any company").
    company = CompanyFactory()
    HardwareFactory.create_batch(2, company=company)

    assert len(hardware_rows(company=company, page=Page(keyset=HARDWARES, limit=1))) == 2
    with connection.cursor() as cursor:
        cursor.execute("SHOW plan_cache_mode")
        assert cursor.fetchone() == ("auto",)
        cursor.execute("SHOW enable_bitmapscan")
        assert cursor.fetchone() == ("on",)
        cursor.execute("SHOW jit")
        assert cursor.fetchone() == ("off",)


@pytest.mark.django_db(transaction=True, serialized_rollback=True)
def test_a_failed_read_for_any_values_leaves_the_connection_planning_as_before():
    # Outside a transaction, as a request reads: the settings, the query and the resets go
    # together, and the query's failure takes the settings back with it.
    company = CompanyFactory()

    def failing():
        return (
            Company.objects.filter(pk=Param("company", UUIDField()))
            .annotate(broken=RawSQL("1 / (SELECT count(*) - count(*) FROM companies_company)", []))
            .order_by("code")
            .values_list("code", "broken")[:1]
        )

    assert connection.get_autocommit()
    with pytest.raises(DataError, match="division by zero"):
        compiled_rows("failing", failing, {"company": company.pk}, for_any_values=True)
    with connection.cursor() as cursor:
        cursor.execute("SHOW plan_cache_mode")
        assert cursor.fetchone() == ("auto",)
        cursor.execute("SHOW enable_bitmapscan")
        assert cursor.fetchone() == ("on",)
