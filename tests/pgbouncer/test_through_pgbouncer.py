"""The service behind PgBouncer in transaction pooling mode (tests/pgbouncer/conftest.py): a
client creates, lists, pages, streams and writes through a live server whose every query goes
through a pool of fewer server connections than it has threads, many calls at once, and sees
exactly what it sees on a direct connection. Statements prepared on a connection, session
settings, cursors held open between transactions and startup options would each fail here
(docs/pgbouncer.md)."""

import re
from functools import partial
from urllib.parse import urlsplit

import psycopg
import pytest
from django.conf import settings

from hardware.models import Hardware, Storage
from tests.conftest import make_caller
from tests.factories import CompanyFactory, EmployeeFactory, HardwareFactory
from tests.pgbouncer.conftest import POOL_SIZE
from tests.servers import Answer, LiveClient
from tests.support import employee_body, item_body, run_together

pytestmark = pytest.mark.django_db(transaction=True, serialized_rollback=True)

NEXT_LINK = re.compile(r'^<(?P<url>[^>]+)>; rel="next"$')
# More than a streamed answer's chunk (1,000 rows, config/api/streaming.py): read in chunks,
# each in its own transaction, so on whichever server connection is free.
LONG_LIST = 1200


class Client(LiveClient):
    """The live server's client, walking a list's pages too."""

    def walk(self, path: str, limit: int) -> list[list[str]]:
        """The ids of each page of `path`, from `limit=` on, following the Link headers."""
        pages = []
        url = f"{path}{'&' if '?' in path else '?'}limit={limit}"
        while url is not None:
            answer = self.get(url)
            assert answer.status == 200, answer.body
            pages.append([record["id"] for record in answer.envelop])
            link = answer.headers.get("Link")
            if link is None:
                return pages
            following = urlsplit(NEXT_LINK.match(link)["url"])
            assert following.netloc == f"127.0.0.1:{self.server.port}"
            url = f"{following.path}?{following.query}"
        return pages


def at_once(*calls) -> list:
    """What each call returned, all of them started together on their own threads; the first
    exception any raised is raised."""
    outcomes = run_together(*calls)
    for outcome in outcomes:
        if isinstance(outcome, BaseException):
            raise outcome
    return outcomes


def client(server) -> Client:
    return Client(server, make_caller().raw_key)


def ids(answer: Answer) -> list[str]:
    return [record["id"] for record in answer.envelop]


def test_a_client_creates_lists_and_pages_many_calls_at_once(server):
    api = client(server)
    created = api.post("/companies", {"name": "Pooled Co", "companyCode": "PGB"})
    assert created.status == 201, created.body
    assert [company["companyCode"] for company in created.envelop] == ["PGB"]

    made = at_once(
        *(partial(api.post, "/employees", employee_body("PGB", n, "pooled")) for n in range(8)),
        *(partial(api.post, "/hardwares", item_body("PGB", n, "pooled")) for n in range(8)),
    )

    # An employee is upserted (200, the employee itself in the envelope); an item created.
    statuses = [(answer.status, answer.json["statusCode"]) for answer in made]
    assert statuses == [(200, 200)] * 8 + [(201, 201)] * 8, [a.body for a in made]
    employees = {answer.envelop["id"] for answer in made[:8]}
    items = {answer.envelop[0]["id"] for answer in made[8:]}

    lists = {
        "/companies": 1,
        "/employees?companyCode=PGB": 8,
        "/hardwares?companyCode=PGB": 8,
        "/hardwares/storages?companyCode=PGB": 8,
        "/orders?companyCode=PGB": 0,
        "/movement_requests?companyCode=PGB": 0,
    }
    paths = [path for path in lists for _ in range(3)]  # each list read three times at once
    read = at_once(*(partial(api.get, path) for path in paths))

    for path, answer in zip(paths, read, strict=True):
        assert answer.status == 200, (path, answer.body)
        assert (answer.json["statusCode"], len(answer.envelop)) == (200, lists[path]), path
    unpaged = dict(zip(paths, read, strict=True))
    assert set(ids(unpaged["/employees?companyCode=PGB"])) == employees
    assert set(ids(unpaged["/hardwares?companyCode=PGB"])) == items

    walks = at_once(
        partial(api.walk, "/hardwares?companyCode=PGB", 2),
        partial(api.walk, "/employees?companyCode=PGB", 2),
        partial(api.walk, "/hardwares?companyCode=PGB", 3),
        partial(api.walk, "/employees?companyCode=PGB", 5),
    )

    for pages, (path, limit) in zip(
        walks,
        [("/hardwares", 2), ("/employees", 2), ("/hardwares", 3), ("/employees", 5)],
        strict=True,
    ):
        assert all(len(page) <= limit for page in pages)
        assert len(pages) == -(-8 // limit)
        # The walk answers the unpaged list, in its order, no record lost or repeated.
        assert [id for page in pages for id in page] == ids(unpaged[f"{path}?companyCode=PGB"])


def test_a_long_list_is_streamed_while_other_calls_share_the_pool(server):
    caller = make_caller()
    api = Client(server, caller.raw_key)
    company = CompanyFactory(api_client=caller.api_client, code="BIG")
    storage = Storage.objects.get_or_create(country_code="US")[0]
    Hardware.objects.bulk_create(
        HardwareFactory.build(company=company, storage=storage) for _ in range(LONG_LIST)
    )
    stored = {str(item.pk) for item in Hardware.objects.filter(company=company)}

    answers = at_once(
        *(partial(api.get, "/hardwares?companyCode=BIG") for _ in range(4)),
        *(partial(api.get, "/hardwares?companyCode=BIG&limit=50") for _ in range(8)),
        *(partial(api.get, "/companies") for _ in range(4)),
    )

    streamed, pages, companies = answers[:4], answers[4:12], answers[12:]
    for answer in streamed:
        assert answer.status == 200
        assert answer.streamed, dict(answer.headers)
        assert answer.json["statusCode"] == 200
        assert len(answer.envelop) == LONG_LIST
        assert set(ids(answer)) == stored
    # Every streamed answer is the same list, in the same order.
    assert len({answer.body for answer in streamed}) == 1
    for answer in pages:
        assert answer.status == 200 and not answer.streamed
        assert ids(answer) == ids(streamed[0])[:50]
    for answer in companies:
        assert answer.status == 200 and ids(answer) == [str(company.id)]


def test_quotes_and_onboardings_written_at_once(server):
    caller = make_caller()
    api = Client(server, caller.raw_key)
    company = CompanyFactory(api_client=caller.api_client, code="WRT")
    people = [EmployeeFactory(company=company, country_code="US") for _ in range(6)]
    laptops = [HardwareFactory(company=company, country_code="US") for _ in range(6)]
    quote = {
        "companyCode": "WRT",
        "countryCode": "US",
        "sendTo": "STORAGE",
        "hardwares": [{"hardwareType": "MOUSE", "amount": 3}],
    }

    onboardings = [
        {"companyCode": "WRT", "employeeEmail": person.email, "hardwareIds": [str(item.id)]}
        for person, item in zip(people, laptops, strict=True)
    ]

    written = at_once(
        *(partial(api.post, "/orders/quote", quote) for _ in range(6)),
        *(partial(api.post, "/movement_requests/onboarding", body) for body in onboardings),
    )

    assert [answer.status for answer in written] == [201] * 12, [a.body for a in written]
    orders = [answer.envelop[0] for answer in written[:6]]
    moves = [answer.envelop[0] for answer in written[6:]]
    assert {order["status"] for order in orders} == {"PENDING"}
    # Numbered under a transaction-level lock: one number each, none taken twice.
    assert len({order["orderNumber"] for order in orders}) == 6
    assert {(move["type"], move["status"]) for move in moves} == {("ONBOARDING", "PROCESSING")}
    assert len({move["movementRequestNumber"] for move in moves}) == 6
    assert sorted(move["toEmployeeId"] for move in moves) == sorted(str(p.id) for p in people)

    listed = at_once(
        partial(api.get, "/orders?companyCode=WRT"),
        partial(api.get, "/movement_requests?companyCode=WRT"),
    )

    assert set(ids(listed[0])) == {order["id"] for order in orders}
    assert set(ids(listed[1])) == {move["id"] for move in moves}


def test_the_calls_went_through_a_pool_smaller_than_its_clients(server, pgbouncer):
    api = client(server)
    before = transactions(pgbouncer)

    answers = at_once(*(partial(api.get, "/companies") for _ in range(24)))

    assert [answer.status for answer in answers] == [200] * 24
    name = settings.DATABASES["default"]["NAME"]
    [pool] = [row for row in pgbouncer.admin("SHOW POOLS") if row["database"] == name]
    assert pool["pool_mode"] == "transaction"
    servers = [row for row in pgbouncer.admin("SHOW SERVERS") if row["database"] == name]
    clients = [row for row in pgbouncer.admin("SHOW CLIENTS") if row["database"] == name]
    # The web threads keep their connections (DB_CONN_MAX_AGE): more of them than the pool's
    # server connections, which their transactions took turns on.
    assert 0 < len(servers) <= POOL_SIZE
    assert len(clients) > POOL_SIZE
    assert transactions(pgbouncer) - before >= 24


def transactions(pgbouncer) -> int:
    name = settings.DATABASES["default"]["NAME"]
    rows = pgbouncer.admin("SHOW STATS")
    return sum(row["total_xact_count"] for row in rows if row["database"] == name)


def test_the_bouncer_refuses_startup_options_as_debians_1_18_does(pgbouncer):
    """What the service must not send (settings: no `options`): the live server answering
    above is the proof it sends none."""
    database = settings.DATABASES["default"]
    with pytest.raises(psycopg.OperationalError, match="unsupported startup parameter: options"):
        psycopg.connect(
            host="127.0.0.1",
            port=pgbouncer.port,
            user=database["USER"] or "postgres",
            dbname=database["NAME"],
            options="-c jit=off",
            connect_timeout=5,
        ).close()
