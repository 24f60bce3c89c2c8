"""A TCP proxy of the tests' own in front of a real server (PostgreSQL, Redis), which a test can
stop, hang and bring back, as an outage would: no Docker, no signals to the machine's servers.

- `stop()`: nothing listens on the port any more (connections are refused) and the open ones
  are closed, as when the server is stopped;
- `hang()`: connections, new and open, are accepted and kept, and nothing is relayed either
  way, as when the server is stopped by SIGSTOP or its host stops answering: its kernel still
  accepts and acknowledges;
- `resume()`: relaying again, on the same port.
"""

import contextlib
import select
import socket
import threading

RELAYING, HUNG, STOPPED = "relaying", "hung", "stopped"


class TcpProxy:
    def __init__(self, upstream_port: int, upstream_host: str = "127.0.0.1"):
        self.upstream = (upstream_host, upstream_port)
        self.state = RELAYING
        self._lock = threading.Lock()
        self._sockets: list[socket.socket] = []
        self._listener = self._listen(0)
        self.port = self._listener.getsockname()[1]
        self._closed = False

    def _listen(self, port: int) -> socket.socket:
        listener = socket.socket()
        listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        listener.bind(("127.0.0.1", port))
        listener.listen(64)
        threading.Thread(target=self._accept, args=(listener,), daemon=True).start()
        return listener

    def _accept(self, listener: socket.socket) -> None:
        while True:
            try:
                client, _ = listener.accept()
            except OSError:
                return  # the listener was closed (stop, close)
            with self._lock:
                self._sockets.append(client)
            threading.Thread(target=self._serve, args=(client,), daemon=True).start()

    def _serve(self, client: socket.socket) -> None:
        try:
            server = socket.create_connection(self.upstream, timeout=5)
        except OSError:
            client.close()
            return
        with self._lock:
            self._sockets.append(server)
        pairs = {client: server, server: client}
        try:
            while True:
                if self.state == HUNG:
                    select.select([], [], [], 0.05)
                    continue
                readable, _, _ = select.select(list(pairs), [], [], 0.05)
                for source in readable:
                    data = source.recv(65536)
                    if not data:
                        return
                    pairs[source].sendall(data)
        except (OSError, ValueError):  # closed by stop() or close() meanwhile
            return
        finally:
            for each in pairs:
                with contextlib.suppress(OSError):
                    each.close()

    def stop(self) -> None:
        self.state = STOPPED
        self._stop_listening()
        self._close_open()

    def hang(self) -> None:
        self.state = HUNG

    def resume(self) -> None:
        if self.state == STOPPED:
            self._listener = self._listen(self.port)
        self.state = RELAYING

    def _close_open(self) -> None:
        with self._lock:
            sockets, self._sockets = self._sockets, []
        for each in sockets:
            with contextlib.suppress(OSError):
                each.shutdown(socket.SHUT_RDWR)
            with contextlib.suppress(OSError):
                each.close()

    def close(self) -> None:
        self._stop_listening()
        self._close_open()

    def _stop_listening(self) -> None:
        # A shutdown wakes the thread blocked in accept(), which a close alone does not.
        with contextlib.suppress(OSError):
            self._listener.shutdown(socket.SHUT_RDWR)
        self._listener.close()
