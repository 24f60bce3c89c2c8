"""The traffic of bench/scale.py: its companies seeded through the API, the mixed writes sent
in groups through the balancer, and steady reads beside them; every answer recorded, and what
breaks the interface's promises noted."""

import http.client
import random
import threading
import time
from collections import Counter
from concurrent.futures import Future, ThreadPoolExecutor

from bench.scale_stack import call, call_ok

CODES = ["SC1", "SC2", "SC3"]
EMPLOYEES_PER_COMPANY = 2


def employee(code: str, number: int, desk: int = 0) -> dict:
    return {
        "companyCode": code,
        "firstName": "Scale",
        "lastName": f"Person {number}",
        "email": f"person{number}@{code.lower()}.example.com",
        "phone": "+16175550123",
        "governmentDNI": f"123-45-{6780 + number}",
        "address": "1 Beacon Street",
        "addressExtraInfo": f"Desk {desk}",
        "city": "Boston",
        "postCode": "02108",
        "countryCode": "US",
    }


def seed_companies(port: int, key: str, receiver_url: str, items: int) -> dict:
    """Through the API: the companies (webhooks to the receiver), their employees, and `items`
    storage items spread over them. Answers the items as (company code, id)."""
    storage = []
    for code in CODES:
        body = {"name": f"Scale {code}", "companyCode": code, "webhookUrl": receiver_url}
        call_ok(port, "POST", "/companies", key, body)
        for number in range(EMPLOYEES_PER_COMPANY):
            call_ok(port, "POST", "/employees", key, employee(code, number))
    for index in range(items):
        code = CODES[index % len(CODES)]
        body = {"companyCode": code, "countryCode": "US", "hardwareType": "MONITOR"}
        body["serialNumber"] = f"SCALE-{index}"
        storage.append((code, call_ok(port, "POST", "/hardwares", key, body)[0]["id"]))
    return storage


class Writes:
    """The mixed writes, in groups sent together, through the balancer; each request's status by
    kind, and latency; the problems with what the interface promises."""

    def __init__(self, args, key: str, port: int):
        self.args, self.key, self.port = args, key, port
        self.total = args.writes
        self.po_pairs = round(self.total * 0.225)
        self.contested_items = round(self.total * 0.1)
        self.cancel_pairs = round(self.total * 0.075)
        self.upserts = self.total - 2 * self.po_pairs - 3 * self.contested_items
        self.upserts -= 2 * self.cancel_pairs
        self.statuses: Counter = Counter()
        self.kinds: Counter = Counter()
        self.latencies: list[float] = []
        self.problems: list[str] = []
        self.failures: list[str] = []
        self.done = 0
        self.lock = threading.Lock()

    def send(self, kind: str, method: str, path: str, body: dict | None = None):
        """One request through the balancer: (status, answer); a connection that fails (refused,
        reset, closed without an answer) is status 0, a failed request."""
        began = time.perf_counter()
        try:
            status, answer = call(self.port, method, path, self.key, body)
        except (OSError, http.client.HTTPException) as failure:
            status, answer = 0, None
            self.failed(f"{method} {path}: {type(failure).__name__}: {failure}")
        if status >= 500:
            self.failed(f"{method} {path}: {status} {answer}")
        with self.lock:
            self.latencies.append(time.perf_counter() - began)
            self.statuses[status] += 1
            self.kinds[f"{kind} {status}"] += 1
            self.done += 1
        return status, answer

    def failed(self, text: str) -> None:
        with self.lock:
            self.failures.append(text)

    def problem(self, text: str) -> None:
        with self.lock:
            self.problems.append(text)

    def quote(self, code: str, po: str):
        body = {"companyCode": code, "countryCode": "US", "sendTo": "STORAGE", "poNumber": po}
        body["hardwares"] = [{"hardwareType": "MONITOR", "brand": "DELL", "amount": 1}]
        status, answer = self.send("quote", "POST", "/orders/quote", body)
        if status not in (200, 201):
            self.problem(f"quote {po}: {status} {answer}")
            return status, None
        return status, answer["envelop"][0]["id"]

    def quote_pair(self, code: str, po: str, results: list[Future]):
        statuses = sorted(result.result()[0] for result in results)
        ids = {result.result()[1] for result in results}
        if statuses != [200, 201] or len(ids) != 1:
            self.problem(f"poNumber {po} twice: {statuses}, {len(ids)} orders")

    def onboard(self, code: str, item: str, number: int):
        body = {"companyCode": code, "hardwareIds": [item]}
        body["employeeEmail"] = employee(code, number % EMPLOYEES_PER_COMPANY)["email"]
        return self.send("onboarding", "POST", "/movement_requests/onboarding", body)[0]

    def cancel(self, code: str, quoted: Future):
        status, answer = self.send(
            "cancel", "POST", "/orders/cancel", {"companyCode": code, "id": quoted.result()[1]}
        )
        if status != 200 or answer["envelop"][0]["status"] != "CANCELLED":
            self.problem(f"cancel: {status} {answer}")

    def upsert(self, code: str, number: int, desk: int):
        status, answer = self.send("upsert", "POST", "/employees", employee(code, number, desk))
        if status != 200:
            self.problem(f"upsert: {status} {answer}")

    def run(self, pool: ThreadPoolExecutor, items: list) -> Counter:
        """Send every group, one every --pace seconds. Answers the events the writes must have
        caused, by kind."""
        randomly = random.Random(self.args.seed)
        groups = []
        for index in range(self.po_pairs):
            groups.append(("quote", CODES[index % len(CODES)], f"PO-{index:04d}"))
        for code, item in items[: self.contested_items]:
            groups.append(("onboard", code, item))
        for index in range(self.upserts):
            groups.append(("upsert", CODES[index % len(CODES)], index))
        randomly.shuffle(groups)
        # A cancel pair goes some groups after its order's quote pair, never before it: a client
        # thread waits for the quote's answer, which is already being sent (groups go out in order).
        quote_positions = [i for i, group in enumerate(groups) if group[0] == "quote"]
        for position in sorted(randomly.sample(quote_positions, self.cancel_pairs), reverse=True):
            later = randomly.randint(position + 1, len(groups))
            groups.insert(later, ("cancel", groups[position][1], groups[position][2]))
        quoted, futures, onboardings = {}, [], []
        for group in groups:
            time.sleep(self.args.pace)
            kind, code, subject = group
            if kind == "quote":
                pair = [pool.submit(self.quote, code, subject) for _ in range(2)]
                quoted[subject] = pair[0]
                futures += [*pair, pool.submit(self.quote_pair, code, subject, pair)]
            elif kind == "onboard":
                trio = [pool.submit(self.onboard, code, subject, n) for n in range(3)]
                onboardings.append((subject, trio))
                futures += trio
            elif kind == "cancel":
                futures += [pool.submit(self.cancel, code, quoted[subject]) for _ in range(2)]
            else:
                futures.append(pool.submit(self.upsert, code, subject % 2, subject))
        for future in futures:
            future.result()
        for item, trio in onboardings:
            statuses = sorted(result.result() for result in trio)
            if statuses != [201, 400, 400]:
                self.problem(f"onboarding of {item} three times at once: {statuses}")
        return Counter(
            {
                "order.created": self.po_pairs,
                "order.cancelled": self.cancel_pairs,
                "movement_request.created": self.contested_items,
            }
        )


class Readers:
    """Steady traffic beside the writes, as most of a day's requests are: lists and records of the
    companies read, and employees upserted, by `readers` clients, `pause` seconds apart, until
    stopped. Each answer must be a 200."""

    def __init__(
        self, writes: Writes, items: list, pool: ThreadPoolExecutor, readers: int, pause: float
    ):
        self.writes, self.items, self.pause = writes, items, pause
        self.stopping = threading.Event()
        self.futures = [pool.submit(self.read, number) for number in range(readers)]

    def read(self, number: int) -> None:
        randomly = random.Random(number)
        while not self.stopping.is_set():
            code, item = randomly.choice(self.items)
            kind, method, path, body = randomly.choice(
                [
                    ("read", "GET", f"/employees?companyCode={code}", None),
                    ("read", "GET", f"/orders?companyCode={code}", None),
                    ("read", "GET", f"/hardwares?companyCode={code}", None),
                    ("read", "GET", f"/hardwares/{item}?companyCode={code}", None),
                    ("read", "GET", f"/movement_requests?companyCode={code}", None),
                    ("upsert", "POST", "/employees", employee(code, 1, randomly.randrange(99))),
                ]
            )
            status, answer = self.writes.send(kind, method, path, body)
            if status not in (0, 200) and status < 500:
                self.writes.problem(f"{method} {path}: {status} {answer}")
            self.stopping.wait(self.pause)

    def stop(self) -> None:
        self.stopping.set()
        for future in self.futures:
            future.result()
