"""The traffic of bench/load.py: the mix of requests, modelled on a day's use and spread over the
companies, and the open-loop generator that sends it through the balancer at a set rate whatever
the answers' latency, each request's latency counted from the time it was meant to start; and
the companies' records the requests pick from, seeded before the run.

The generator's client threads each keep one connection alive to the balancer. A thread takes
the next start time of the schedule, sleeps until it and sends; when every thread is waiting for
an answer, the next request starts late, and the wait is part of its latency (as a client's
would be), counted apart as a request that waited for a thread (raise --clients if any did).
The generator's own lag is how late a request was sent by a thread that was free in time (it
was asleep, or waiting for the GIL or a core)."""

import http.client
import itertools
import random
import sys
import threading
import time
from collections import Counter, deque
from concurrent.futures import ThreadPoolExecutor

import orjson

from bench.scale_stack import call
from bench.scale_traffic import employee as new_employee
from bench.seed import BenchError

# Requests by kind, in hundredths: 80 reads (lists of a company, and records), 20 writes.
MIX = {
    "list employees": 10,
    "list hardwares": 10,
    "list orders": 10,
    "list movements": 10,
    "get hardware": 15,
    "get employee": 15,
    "get order": 10,
    "quote": 6,
    "onboarding": 5,
    "upsert": 9,
}
KINDS, WEIGHTS = list(MIX), list(MIX.values())
WRITES = ("quote", "onboarding", "upsert")
# One onboarding in REPEAT_EVERY sends an item already onboarded (the interface refuses it: 400,
# an expected answer counted apart), one quote in REPEAT_EVERY a poNumber already used (200 with
# the same order); one upsert in NEW_EVERY makes a new employee, the others update one.
REPEAT_EVERY = 10
NEW_EVERY = 10
# A thread reconnects after this long idle: HAProxy closes a client's idle keep-alive connection
# after 10 s (deploy/haproxy.cfg, timeout http-keep-alive), and a request sent at that moment
# would fail for the client's sake, not the service's.
IDLE_SECONDS = 5.0
# A request whose thread took its start time this much after it waited for a free thread.
WAITED_SECONDS = 0.002
QUOTE_LINES = [
    {"hardwareType": "MONITOR", "brand": "DELL", "amount": 1},
    {"hardwareType": "KEYBOARD", "amount": 2, "notes": "US layout"},
]


class Request:
    """A request of company `code`: its body (`data`), answers allowed, whether a repeat."""

    __slots__ = ("body", "code", "data", "expected", "kind", "method", "path", "repeat")

    def __init__(self, kind, method, path, code, data=None, expected=(200,), repeat=False):
        self.kind, self.method, self.path, self.code = kind, method, path, code
        self.data = data
        self.body = orjson.dumps(data) if data is not None else None
        self.expected, self.repeat = expected, repeat


class Companies:
    """What the requests pick from, per company code: its items, its storage items not yet
    onboarded and those onboarded, its employees (an upsert's body each, by id), its orders and
    their poNumbers; grown by the answers. `created` counts the writes that made an event."""

    def __init__(self, seeded: dict[str, dict]):
        self.codes = sorted(seeded)
        self.items = {code: seeded[code]["items"] for code in self.codes}
        self.storage = {code: deque(seeded[code]["storage"]) for code in self.codes}
        self.onboarded: dict[str, list[str]] = {code: [] for code in self.codes}
        self.employees = {code: seeded[code]["employees"] for code in self.codes}
        self.orders: dict[str, list[tuple[str, str]]] = {code: [] for code in self.codes}
        self.numbers = itertools.count(1)
        self.created: Counter = Counter()
        # Writes that failed (a 5xx, or no answer) and may have been applied all the same.
        self.uncertain: Counter = Counter()
        self.lock = threading.Lock()

    def request(self, randomly: random.Random, kind: str = "", code: str = "") -> Request:
        """A request of `kind` (else one drawn from MIX) for company `code` (else one drawn)."""
        kind = kind or randomly.choices(KINDS, weights=WEIGHTS)[0]
        code = code or randomly.choice(self.codes)
        with self.lock:
            return getattr(self, "_" + kind.replace(" ", "_"))(randomly, code)

    def _list_employees(self, randomly, code):
        return Request("list employees", "GET", f"/employees?companyCode={code}", code)

    def _list_hardwares(self, randomly, code):
        return Request("list hardwares", "GET", f"/hardwares?companyCode={code}", code)

    def _list_orders(self, randomly, code):
        return Request("list orders", "GET", f"/orders?companyCode={code}", code)

    def _list_movements(self, randomly, code):
        return Request("list movements", "GET", f"/movement_requests?companyCode={code}", code)

    def _get_hardware(self, randomly, code):
        item = randomly.choice(self.items[code])
        return Request("get hardware", "GET", f"/hardwares/{item}?companyCode={code}", code)

    def _get_employee(self, randomly, code):
        person = randomly.choice(list(self.employees[code]))
        return Request("get employee", "GET", f"/employees/{person}?companyCode={code}", code)

    def _get_order(self, randomly, code):
        if not self.orders[code]:
            return self._list_orders(randomly, code)
        order = randomly.choice(self.orders[code])[0]
        return Request("get order", "GET", f"/orders/{order}?companyCode={code}", code)

    def _quote(self, randomly, code):
        body = {"companyCode": code, "countryCode": "US", "sendTo": "STORAGE"}
        body["hardwares"] = QUOTE_LINES
        if self.orders[code] and randomly.randrange(REPEAT_EVERY) == 0:
            body["poNumber"] = randomly.choice(self.orders[code])[1]
            return Request("quote", "POST", "/orders/quote", code, body, (200,))
        body["poNumber"] = f"LOAD-{next(self.numbers)}"
        return Request("quote", "POST", "/orders/quote", code, body, (201,))

    def _onboarding(self, randomly, code):
        email = randomly.choice(list(self.employees[code].values()))["email"]
        body = {"companyCode": code, "employeeEmail": email}
        path = "/movement_requests/onboarding"
        onboarded, storage = self.onboarded[code], self.storage[code]
        if onboarded and (not storage or randomly.randrange(REPEAT_EVERY) == 0):
            body["hardwareIds"] = [randomly.choice(onboarded)]
            return Request("onboarding", "POST", path, code, body, (400,), repeat=True)
        if not storage:
            return self._list_hardwares(randomly, code)
        body["hardwareIds"] = [storage.popleft()]
        return Request("onboarding", "POST", path, code, body, (201,))

    def _upsert(self, randomly, code):
        if randomly.randrange(NEW_EVERY) == 0:
            return self._new_employee(randomly, code)
        person = randomly.choice(list(self.employees[code].values()))
        body = person | {"addressExtraInfo": f"Desk {randomly.randrange(100)}"}
        return Request("upsert", "POST", "/employees", code, body, (200,))

    def _new_employee(self, randomly, code):
        body = new_employee(code, 1000 + next(self.numbers), randomly.randrange(100))
        return Request("upsert", "POST", "/employees", code, body, (200,))

    def answered(self, request: Request, status: int, raw: bytes) -> None:
        """What a write's answer adds: an order, an item onboarded, an employee."""
        if request.kind not in WRITES or request.repeat:
            return
        if status == 0 or status >= 500:
            with self.lock:
                self.uncertain[request.kind] += 1
        if status not in request.expected:
            return
        body, code = request.data, request.code
        if request.kind == "quote" and status == 201:
            order = orjson.loads(raw)["envelop"][0]["id"]
            with self.lock:
                self.orders[code].append((order, body["poNumber"]))
                self.created["quote"] += 1
        elif request.kind == "onboarding":
            with self.lock:
                self.onboarded[code].append(body["hardwareIds"][0])
                self.created["onboarding"] += 1
        elif request.kind == "upsert" and "governmentDNI" in body:
            person = orjson.loads(raw)["envelop"]["id"]
            with self.lock:
                self.employees[code][person] = {
                    k: v for k, v in body.items() if k != "governmentDNI"
                }


class Tally:
    """What one run of the schedule saw: every answer's status by kind, latency (from the
    intended start) with its start offset, the generator's lag, and what went wrong."""

    def __init__(self, count: int):
        self.count, self.done = count, 0
        self.lock = threading.Lock()
        self.finished = threading.Event()
        self.began = self.ended = 0.0
        self.latencies: list[tuple[float, float]] = []
        self.lags: list[float] = []
        self.waited = 0
        self.busy = self.most_busy = 0
        self.kinds: Counter = Counter()
        self.statuses: Counter = Counter()
        self.expected_4xx: Counter = Counter()
        self.failures: list[str] = []
        self.failed_at: list[float] = []
        self.unexpected: list[str] = []

    def sending(self) -> None:
        with self.lock:
            self.busy += 1
            self.most_busy = max(self.most_busy, self.busy)

    def record(self, request: Request, status: int, text: str, offset, latency, lag, waited):
        with self.lock:
            self.busy -= 1
            self.latencies.append((offset, latency))
            self.lags.append(lag)
            self.waited += waited
            self.kinds[f"{request.kind} {status}"] += 1
            self.statuses[status] += 1
            if status == 0 or status >= 500:
                self.failures.append(f"{request.method} {request.path}: {text}")
                self.failed_at.append(offset)
            elif status not in request.expected:
                self.unexpected.append(f"{request.method} {request.path}: {status} {text}")
            elif request.repeat:
                self.expected_4xx[f"{request.kind} {status}"] += 1
            self.done += 1
            if self.done == self.count:
                self.ended = time.perf_counter()
                self.finished.set()


class Generator:
    """`clients` threads, each on its own kept-alive connection to `port`, sending the requests
    of the schedule `run` sets."""

    def __init__(self, port: int, key: str, companies: Companies, clients: int, seed: int):
        self.port, self.key, self.companies = port, key, companies
        self.headers = {"Authorization": f"Bearer {key}", "Content-Type": "application/json"}
        self.condition = threading.Condition()
        self.offsets: list[float] = []
        self.next = 0
        self.tally: Tally | None = None
        self.closing = False
        # A thread woken for its start time waits for the GIL at most this long, not 5 ms.
        sys.setswitchinterval(0.0005)
        self.threads = [
            threading.Thread(target=self._client, args=(seed * 1000 + n,), daemon=True)
            for n in range(clients)
        ]
        for thread in self.threads:
            thread.start()

    def run(self, rate: float, seconds: float, poisson: bool = False, seed: int = 0) -> Tally:
        """Requests at `rate` a second for `seconds` (evenly spaced, or a Poisson process), until
        every one is answered."""
        randomly = random.Random(seed)
        if poisson:
            offsets = list(
                itertools.takewhile(
                    lambda t: t < seconds,
                    itertools.accumulate(randomly.expovariate(rate) for _ in itertools.count()),
                )
            )
        else:
            offsets = [index / rate for index in range(max(1, round(rate * seconds)))]
        tally = Tally(len(offsets))
        with self.condition:
            tally.began = time.perf_counter() + 0.01
            self.offsets, self.next, self.tally = offsets, 0, tally
            self.condition.notify_all()
        tally.finished.wait()
        return tally

    def close(self) -> None:
        with self.condition:
            self.closing = True
            self.condition.notify_all()
        for thread in self.threads:
            thread.join(timeout=70)

    def _take(self) -> tuple[Tally, float] | None:
        with self.condition:
            while self.next >= len(self.offsets):
                if self.closing:
                    return None
                self.condition.wait()
            index, self.next = self.next, self.next + 1
            return self.tally, self.offsets[index]

    def _client(self, seed: int) -> None:
        randomly = random.Random(seed)
        connection, last = None, 0.0
        while taken := self._take():
            tally, offset = taken
            intended, took = tally.began + offset, time.perf_counter()
            request = self.companies.request(randomly)
            if (delay := intended - time.perf_counter()) > 0:
                time.sleep(delay)
            began = time.perf_counter()
            if connection is None or began - last > IDLE_SECONDS:
                if connection:
                    connection.close()
                connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=65)
            tally.sending()
            try:
                connection.request(request.method, request.path, request.body, self.headers)
                response = connection.getresponse()
                raw, status = response.read(), response.status
                text = raw[:300].decode(errors="replace")
            except (OSError, http.client.HTTPException) as failure:
                status, raw, text = 0, b"", f"{type(failure).__name__}: {failure}"
                connection.close()
                connection = None
            last = time.perf_counter()
            self.companies.answered(request, status, raw)
            waited = took - intended > WAITED_SECONDS
            lag = began - max(intended, took)
            tally.record(request, status, text, offset, last - intended, lag, waited)
        if connection:
            connection.close()


# --- seeding -----------------------------------------------------------------------------


def seed(args, receiver_url: str) -> tuple[str, dict]:
    """Through the ORM: an API client (its raw key), bench/seed.py's catalog, resellers and
    storage, and the companies L00, L01... with their employees and items (bench/seed.py's mix,
    written by COPY), webhooks to the receiver. Answers what each company's requests pick from."""
    from bench.seed import analyze, seed_company, seed_employees, seed_hardware
    from companies.services import company_create
    from employees.models import Employee
    from hardware.choices import HardwareStatus
    from hardware.models import Hardware, HardwareNote

    key, base = seed_company()
    seeded = {}
    for number in range(args.companies):
        code = f"L{number:02d}"
        company = company_create(
            api_client=base["company"].api_client,
            name=f"Load {code}",
            code=code,
            country_code="US",
            webhook_url=receiver_url,
        )
        people = seed_employees(company, args.employees)
        seed_hardware(args.items, base | {"company": company, "employees": people}, replace=False)
        items = Hardware.objects.filter(company=company)
        storage = items.filter(status=HardwareStatus.STORAGE, in_movement=False)
        seeded[code] = {
            "items": [str(pk) for pk in items.values_list("id", flat=True)],
            "storage": [str(pk) for pk in storage.values_list("id", flat=True)],
            "employees": {str(person.pk): upsert_body(code, person) for person in people},
        }
    analyze(Employee, Hardware, HardwareNote)
    return key, seeded


def upsert_body(code: str, person) -> dict:
    """POST /employees for a seeded employee as stored (its address unchanged: no geocoding)."""
    return {
        "companyCode": code,
        "firstName": person.first_name,
        "lastName": person.last_name,
        "email": person.email,
        "phone": "+16175550123",
        "address": person.address,
        "city": person.city,
        "postCode": person.post_code,
        "countryCode": person.country_code,
    }


def seed_orders(port: int, key: str, companies: Companies, count: int) -> None:
    """`count` quotes per company through the API, so that orders are there to read."""
    randomly = random.Random(0)
    quotes = [
        companies.request(randomly, "quote", code) for code in companies.codes for _ in range(count)
    ]
    send_all(port, key, companies, quotes, 4)


def warm_web(port: int, key: str, companies: Companies, count: int = 32) -> None:
    """`count` new employees upserted at once, so that every web process has geocoded before it
    is measured: a process's first geocoding loads the offline geocoder's cities, holding the GIL
    for about a second (employees/geocoding.py), which would stall its threads meanwhile."""
    randomly = random.Random(1)
    upserts = [companies.request(randomly, "new employee") for _ in range(count)]
    send_all(port, key, companies, upserts, count)


def send_all(port: int, key: str, companies: Companies, requests: list, at_once: int) -> None:
    """`requests` sent through the balancer, `at_once` at a time; each must answer as expected."""

    def send(request: Request) -> None:
        status, answer = call(port, request.method, request.path, key, request.data)
        if status not in request.expected:
            raise BenchError(f"{request.method} {request.path}: {status} {answer}")
        companies.answered(request, status, orjson.dumps(answer))

    with ThreadPoolExecutor(at_once) as pool:
        list(pool.map(send, requests))
