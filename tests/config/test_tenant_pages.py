"""A large company among many small ones reads a page of each of its lists, not the whole list.

Each list's query compares the company's own id, which PostgreSQL plans for with the statistics
it keeps of each value, and orders by an index's columns with a LIMIT: a page of a large
company reads about a page of rows. What a request read is counted by PostgreSQL itself,
whatever the plan.
"""

import pytest
from django.db import connection

from companies.models import Company, Event
from employees.models import Employee
from hardware.models import Hardware, Storage
from logistics.models import MovementRequest
from orders.models import Order
from tests.factories import (
    CompanyFactory,
    EmployeeFactory,
    EventFactory,
    HardwareFactory,
    MovementRequestFactory,
    OrderFactory,
)

pytestmark = pytest.mark.django_db

# Sizes at which reading a large company's whole list costs far more than reading a page: with a
# few hundred rows in the table a sequential scan is the cheaper plan, and PostgreSQL rightly
# takes it.
LARGE, SMALL_COMPANIES, SMALL, LIMIT = 3000, 40, 10, 50
# Several runs: each page is read the same way every time.
RUNS = 3


def items(company: Company, count: int) -> None:
    stored = Storage.objects.get_or_create(country_code="US")[0]
    Hardware.objects.bulk_create(
        HardwareFactory.build(company=company, storage=stored) for _ in range(count)
    )


def employees(company: Company, count: int) -> None:
    Employee.objects.bulk_create(EmployeeFactory.build(company=company) for _ in range(count))


def orders(company: Company, count: int) -> None:
    first = Order.objects.count() + 1
    Order.objects.bulk_create(
        OrderFactory.build(company=company, order_number=first + number) for number in range(count)
    )


def movement_requests(company: Company, count: int) -> None:
    employee = EmployeeFactory(company=company)
    first = MovementRequest.objects.count() + 1
    MovementRequest.objects.bulk_create(
        MovementRequestFactory.build(
            company=company, to_employee=employee, movement_request_number=first + number
        )
        for number in range(count)
    )


def events(company: Company, count: int) -> None:
    Event.objects.bulk_create(EventFactory.build(company=company) for _ in range(count))


# Each list: what seeds it, its table, and how many of its queries read its page from that
# table at most (an order's lines, and a movement's items and history, are read with the page
# again as a subquery; an item's notes and movements by the page's ids).
LISTS = {
    "/hardwares": (items, Hardware, 1),
    "/hardwares/storages": (items, Hardware, 1),
    "/employees": (employees, Employee, 1),
    "/orders": (orders, Order, 3),
    "/movement_requests": (movement_requests, MovementRequest, 3),
    "/events": (events, Event, 1),
}


def rows_read(table: str) -> int:
    """Rows this transaction has read from `table` so far: by sequential scans, and fetched by
    index and bitmap scans."""
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT coalesce(sum(seq_tup_read + idx_tup_fetch), 0)::int"
            " FROM pg_stat_xact_user_tables WHERE relname = %s",
            [table],
        )
        return cursor.fetchone()[0]


def pages_read(caller, path: str, table: str, large: Company) -> list[tuple[int, int]]:
    """The rows of `table` each of RUNS first pages of `large`'s list at `path`, and each page
    after it, read."""
    with connection.cursor() as cursor:
        cursor.execute(f"ANALYZE {table}")
    read = []
    for _ in range(RUNS):
        before = rows_read(table)
        first = caller.get(path, {"companyCode": large.code, "limit": LIMIT})
        read_first = rows_read(table) - before
        after = caller.get(first["Link"][1 : first["Link"].index(">")])
        read.append((read_first, rows_read(table) - before - read_first))

        assert first.status_code == after.status_code == 200
        assert len(first.json()["envelop"]) == len(after.json()["envelop"]) == LIMIT
    return read


@pytest.mark.parametrize("path", LISTS)
def test_a_large_company_among_many_small_ones_reads_a_page_not_its_whole_list(caller, path):
    seed, model, reads = LISTS[path]
    large = CompanyFactory(api_client=caller.api_client, webhook_url="https://hooks.example.com")
    smalls = [CompanyFactory() for _ in range(SMALL_COMPANIES)]
    # Written over time by every company in turn, as a deployment's records are.
    for _ in range(SMALL):
        seed(large, LARGE // SMALL)
        for small in smalls:
            seed(small, 1)

    # The page and the one record that tells whether another follows, give or take a few of
    # the index's neighbours, by each query that reads it.
    for read_first, read_after in pages_read(caller, path, model._meta.db_table, large):
        assert read_first <= (LIMIT + 5) * reads, read_first
        assert read_after <= (LIMIT + 5) * reads, read_after
