"""A real local HTTP server standing in for a company's webhook endpoint."""

import http.server
import threading


class Receiver:
    """A local webhook receiver answering the given statuses in turn (the last one repeats)."""

    def __init__(self, *statuses: int, headers: dict | None = None):
        self.statuses = list(statuses)
        self.headers = headers or {}
        self.requests: list[dict] = []
        receiver = self

        class Handler(http.server.BaseHTTPRequestHandler):
            def do_POST(self):
                body = self.rfile.read(int(self.headers["Content-Length"])).decode()
                receiver.requests.append({"headers": dict(self.headers), "body": body})
                status = (
                    receiver.statuses.pop(0) if len(receiver.statuses) > 1 else receiver.statuses[0]
                )
                self.send_response(status)
                for name, value in receiver.headers.items():
                    self.send_header(name, value)
                self.end_headers()
                self.wfile.write(b"thanks")

            def log_message(self, *args):
                pass

        self.server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}/hooks"
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def close(self):
        self.server.shutdown()
        self.server.server_close()
