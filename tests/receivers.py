"""A real local HTTP server standing in for a company's webhook endpoint, holding every webhook
it is sent to the schema's `webhooks` section (tests/webhook_check.py)."""

import http.server
import threading
import time
from datetime import UTC, datetime

from tests.schema_check import SchemaViolation
from tests.webhook_check import judge_webhook


class Receiver:
    """A local webhook receiver answering the given statuses in turn (the last one repeats).

    The first `hanging` requests are read and never answered, until the receiver closes, as by
    a receiver that hangs. With `drip_seconds`, answers are written a byte at a time, that far
    apart, as by one that trickles its answer. With `answer_after`, each request is recorded,
    then answered that many seconds later, as by a receiver that takes its time. `answer`
    changes the statuses while it runs (a receiver down, then back); each request answered is
    recorded with its `status`.

    Every request is checked against the schema's webhooks as it arrives, and answered all the
    same; one the schema refuses fails the test: reading `requests` raises its SchemaViolation,
    and so does `close` if nothing read it."""

    def __init__(
        self,
        *statuses: int,
        headers: dict | None = None,
        hanging: int = 0,
        drip_seconds: float = 0,
        answer_after: float = 0,
    ):
        self.statuses = list(statuses)
        self.headers = headers or {}
        self._requests: list[dict] = []
        self.refused: list[SchemaViolation] = []
        self._refusal_raised = False
        self.in_flight = 0  # requests recorded and not yet answered
        counting = threading.Lock()
        self.hanging = hanging
        self.released = threading.Event()
        receiver = self

        class Handler(http.server.BaseHTTPRequestHandler):
            def do_POST(self):
                body = self.rfile.read(int(self.headers["Content-Length"])).decode()
                received_at = datetime.now(UTC)
                request = {"headers": dict(self.headers), "body": body, "received_at": received_at}
                try:
                    judge_webhook(request["headers"], body)
                except SchemaViolation as violation:
                    receiver.refused.append(violation)
                receiver._requests.append(request)
                if len(receiver._requests) <= receiver.hanging:
                    receiver.released.wait()
                    return
                with counting:
                    receiver.in_flight += 1
                time.sleep(answer_after)
                with counting:
                    receiver.in_flight -= 1
                status = (
                    receiver.statuses.pop(0) if len(receiver.statuses) > 1 else receiver.statuses[0]
                )
                request["status"] = status
                if drip_seconds:
                    self.drip(status)
                    return
                self.send_response(status)
                for name, value in receiver.headers.items():
                    self.send_header(name, value)
                self.end_headers()
                self.wfile.write(b"thanks")

            def drip(self, status: int) -> None:
                answer = f"HTTP/1.1 {status} OK\r\nContent-Length: 6\r\n\r\nthanks".encode()
                try:
                    for byte in answer:
                        self.wfile.write(bytes([byte]))
                        self.wfile.flush()
                        time.sleep(drip_seconds)
                except OSError:
                    pass  # the sender gave up

            def log_message(self, *args):
                pass

        self.server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}/hooks"
        # A short poll makes close() quick: shutdown() waits for the loop to look.
        threading.Thread(
            target=self.server.serve_forever, kwargs={"poll_interval": 0.02}, daemon=True
        ).start()

    @property
    def requests(self) -> list[dict]:
        """The requests received so far, oldest first; raises the first the schema refused."""
        self._raise_refused()
        return self._requests

    def _raise_refused(self) -> None:
        if self.refused:
            self._refusal_raised = True
            raise self.refused[0]

    def answer(self, *statuses: int) -> None:
        """Answer these statuses in turn from now on (the last one repeats)."""
        self.statuses = list(statuses)

    def close(self):
        self.released.set()
        self.server.shutdown()
        self.server.server_close()
        if not self._refusal_raised:
            self._raise_refused()
