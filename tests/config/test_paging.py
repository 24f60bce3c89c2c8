"""Every list pages by `limit` and `cursor` (config/api/paging.py): walking the `Link: rel="next"`
headers answers the unpaged list, each record once, however the records are made meanwhile."""

import re
from collections.abc import Callable
from dataclasses import dataclass
from datetime import timedelta
from urllib.parse import parse_qs, urlsplit

import pytest
from django.utils import timezone

from companies.models import Company
from employees.models import Employee
from hardware.models import Hardware
from logistics.models import MovementRequest
from orders.models import Order
from tests.factories import (
    CompanyFactory,
    EmployeeFactory,
    HardwareFactory,
    MovementRequestFactory,
    OrderFactory,
)
from tests.support import assert_refused

pytestmark = pytest.mark.django_db

NEXT_LINK = re.compile(r'^<(?P<url>[^>]+)>; rel="next"$')


@dataclass(frozen=True)
class Listed:
    """A list of the interface and how to make one of its records for a company."""

    path: str
    make: Callable[[Company], object]
    model: type

    def url(self, company: Company) -> str:
        if self.path == "/companies":
            return self.path
        return f"{self.path}?companyCode={company.code}"


LISTS = {
    "orders": Listed("/orders", lambda company: OrderFactory(company=company), Order),
    "movement_requests": Listed(
        "/movement_requests",
        lambda company: MovementRequestFactory(company=company),
        MovementRequest,
    ),
    "hardwares": Listed(
        "/hardwares", lambda company: HardwareFactory(company=company, on_employee=True), Hardware
    ),
    "hardwares/storages": Listed(
        "/hardwares/storages", lambda company: HardwareFactory(company=company), Hardware
    ),
    "companies": Listed(
        "/companies", lambda company: CompanyFactory(api_client=company.api_client), Company
    ),
    "employees": Listed("/employees", lambda company: EmployeeFactory(company=company), Employee),
}


@pytest.fixture
def company(caller) -> Company:
    return CompanyFactory(api_client=caller.api_client)


def ids(response) -> list[str]:
    return [record["id"] for record in response.json()["envelop"]]


def next_url(response) -> str | None:
    """The next page's URL as a test client takes it (path and query), or None on the last."""
    if "Link" not in response:
        return None
    link = NEXT_LINK.match(response["Link"])
    assert link, response["Link"]
    url = urlsplit(link["url"])
    assert (url.scheme, url.netloc) == ("http", "testserver")  # absolute, as RFC 8288 wants
    return f"{url.path}?{url.query}"


def walk(caller, first_url: str, limit: int) -> list[list[str]]:
    """The ids of each page, following the Link headers from the first."""
    pages = []
    url = f"{first_url}{'&' if '?' in first_url else '?'}limit={limit}"
    while url is not None:
        response = caller.get(url)
        assert response.status_code == 200, response.content
        pages.append(ids(response))
        assert len(pages[-1]) <= limit
        url = next_url(response)
    return pages


@pytest.mark.parametrize("name", LISTS)
@pytest.mark.parametrize("limit", [1, 2, 500])
def test_walking_the_pages_answers_the_unpaged_list(caller, other_caller, company, name, limit):
    listed = LISTS[name]
    for _ in range(5):
        listed.make(company)
    listed.make(CompanyFactory(api_client=other_caller.api_client))  # never in the walk
    # Records made at one instant are told apart by the order's last, unique, key.
    listed.model.objects.filter(pk__in=listed.model.objects.values("pk")[:3]).update(
        created_at=timezone.now() - timedelta(days=1)
    )
    unpaged = caller.get(listed.url(company))
    assert unpaged.status_code == 200
    assert "Link" not in unpaged

    pages = walk(caller, listed.url(company), limit)

    assert [record_id for page in pages for record_id in page] == ids(unpaged)
    assert all(len(page) == limit for page in pages[:-1])
    assert pages[-1]  # the last page is not an empty one


@pytest.mark.parametrize("name", ["orders", "hardwares", "employees", "movement_requests"])
def test_records_made_during_a_walk_do_not_repeat_or_push_out_others(caller, company, name):
    listed = LISTS[name]
    before = [str(listed.make(company).pk) for _ in range(4)]
    first = caller.get(f"{listed.url(company)}&limit=2")
    walked = ids(first)

    for _ in range(3):  # newest first: they land before the cursor
        listed.make(company)
    url = next_url(first)
    while url is not None:
        response = caller.get(url)
        walked += ids(response)
        url = next_url(response)

    assert sorted(walked) == sorted(before)
    assert len(walked) == len(set(walked))


def test_the_next_page_keeps_the_criteria(caller, company):
    for country in ["US", "US", "US", "DE"]:
        OrderFactory(company=company, country_code=country)

    first = caller.get(f"/orders?companyCode={company.code}&countryCode=us&limit=2")
    url = next_url(first)
    second = caller.get(url)

    query = parse_qs(urlsplit(url).query)
    assert query["countryCode"] == ["us"] and query["limit"] == ["2"]
    assert query["companyCode"] == [company.code]
    assert len(ids(first)) == 2 and len(ids(second)) == 1
    assert next_url(second) is None
    us_orders = Order.objects.filter(company=company, country_code="US")
    assert sorted(ids(first) + ids(second)) == sorted(str(order.pk) for order in us_orders)


def test_a_page_through_the_gateway_links_to_the_direct_path(caller, company):
    for _ in range(3):
        HardwareFactory(company=company)

    response = caller.post(
        "/gateway",
        {
            "verb": "GET",
            "request": "hardwares",
            "vendor": "hlos",
            "filters": {"companyCode": company.code, "limit": 2},
        },
        format="json",
    )

    assert response.status_code == 200
    assert len(ids(response)) == 2
    assert urlsplit(next_url(response)).path == "/hardwares"
    assert len(ids(caller.get(next_url(response)))) == 1


@pytest.mark.parametrize("limit", ["0", "501", "-1", "1.5", "ten", "", "1e2", "٣"])
def test_a_limit_that_is_not_1_to_500_is_refused(caller, company, limit):
    response = caller.get("/hardwares", {"companyCode": company.code, "limit": limit})

    assert_refused(response, 400, "Invalid limit: expected a whole number from 1 to 500")


def test_a_cursor_not_made_for_this_list_is_refused(caller, company):
    for _ in range(2):
        OrderFactory(company=company)
        HardwareFactory(company=company)
    order_cursor = parse_qs(
        urlsplit(next_url(caller.get(f"/orders?companyCode={company.code}&limit=1"))).query
    )["cursor"][0]
    made_up = ["abc", "W10:1a2b", order_cursor[:-1] + ("A" if order_cursor[-1] != "A" else "B")]

    for cursor in [order_cursor, *made_up, "x" * 600]:
        response = caller.get(
            "/hardwares", {"companyCode": company.code, "limit": 1, "cursor": cursor}
        )
        assert_refused(response, 400, "Invalid cursor")


def test_a_cursor_without_a_limit_answers_the_rest_of_the_list(caller, company):
    made = [str(HardwareFactory(company=company).pk) for _ in range(3)]
    first = caller.get(f"/hardwares?companyCode={company.code}&limit=1")
    cursor = parse_qs(urlsplit(next_url(first)).query)["cursor"][0]

    rest = caller.get("/hardwares", {"companyCode": company.code, "cursor": cursor})

    assert rest.status_code == 200 and "Link" not in rest
    assert sorted(ids(first) + ids(rest)) == sorted(made)


def test_another_clients_company_cannot_be_paged(caller, other_caller):
    theirs = CompanyFactory(api_client=other_caller.api_client)
    HardwareFactory(company=theirs)

    response = caller.get(f"/hardwares?companyCode={theirs.code}&limit=1")

    assert_refused(response, 400, "Invalid company code")


@pytest.mark.parametrize("name", ["orders", "movement_requests", "hardwares", "employees"])
def test_a_page_takes_a_fixed_number_of_queries(
    caller, company, name, django_assert_max_num_queries
):
    listed = LISTS[name]
    for _ in range(30):
        listed.make(company)
    first = caller.get(f"{listed.url(company)}&limit=10")
    url = next_url(first)

    # key, company, and the list's own reads (orders: 5, the most)
    with django_assert_max_num_queries(7):
        response = caller.get(url)

    assert len(ids(response)) == 10
