"""The HTTP client of the webhooks: one POST, no redirects followed, and only to public
addresses (unless WEBHOOK_ALLOW_PRIVATE_NETWORKS). The host is resolved once and checked, and
the connection goes to that very address, so the name cannot point somewhere else between the
check and the request. The whole exchange is cut at a deadline, however slowly the receiver
trickles its answer, so an attempt has stopped sending before its lease runs out."""

import contextlib
import http.client
import ipaddress
import socket
import ssl
import threading
import time
from urllib.parse import urlsplit

from django.conf import settings

EXCERPT_LENGTH = 500
NAT64 = ipaddress.ip_network("64:ff9b::/96")


class DeliveryRefused(Exception):
    """The target may not be called (scheme, or an address that is not public)."""


def post(
    url: str, body: str, headers: dict[str, str], *, timeout: float
) -> tuple[int, str, int | None]:
    """POST `body` to `url` once, without following redirects, the whole exchange (connection,
    request and answer) over within `timeout` seconds or cut. Answers the status, an excerpt of
    the response and its Retry-After in seconds, if any."""
    deadline = time.monotonic() + timeout
    parts = urlsplit(url)
    if parts.scheme not in ("http", "https") or not parts.hostname:
        raise DeliveryRefused(f"Not an http(s) URL: {url!r}")
    port = parts.port or (443 if parts.scheme == "https" else 80)
    address = _public_address(parts.hostname, port)
    pinned = _PinnedHTTPSConnection if parts.scheme == "https" else _PinnedHTTPConnection
    connection = pinned(parts.hostname, port, address=address, timeout=_left(deadline, timeout))
    path = (parts.path or "/") + (f"?{parts.query}" if parts.query else "")
    cut = _Cut(connection, deadline)
    cut.arm()
    try:
        connection.connect()
        if cut.done.is_set():  # the deadline came while connecting, before there was a socket
            raise TimeoutError
        connection.request("POST", path, body=body.encode(), headers=headers)
        response = connection.getresponse()
        excerpt = response.read(EXCERPT_LENGTH).decode("utf-8", "replace")
        return response.status, excerpt, _retry_after(response.getheader("Retry-After"))
    except Exception as failure:
        # The cut, or the socket's own timeout (set to the time left) when it fires first: the
        # same deadline either way, told the same way.
        if cut.done.is_set() or isinstance(failure, TimeoutError):
            raise TimeoutError(f"No complete answer within {timeout:.1f} s") from failure
        raise
    finally:
        cut.disarm()
        connection.close()


def _left(deadline: float, timeout: float) -> float:
    left = deadline - time.monotonic()
    if left <= 0:
        raise TimeoutError(f"No time left to send within {timeout:.1f} s")
    return left


class _Cut:
    """Shuts the connection's socket down at the deadline. A socket timeout bounds each read,
    not the exchange: a receiver writing a byte now and then would keep an attempt alive past
    its lease, while another worker sends the event again."""

    def __init__(self, connection: http.client.HTTPConnection, deadline: float):
        self.connection, self.deadline = connection, deadline
        self.done = threading.Event()
        self.timer: threading.Timer | None = None

    def arm(self) -> None:
        self.timer = threading.Timer(max(self.deadline - time.monotonic(), 0), self._shut)
        self.timer.daemon = True
        self.timer.start()

    def disarm(self) -> None:
        if self.timer is not None:
            self.timer.cancel()

    def _shut(self) -> None:
        self.done.set()
        sock = self.connection.sock
        # The plain socket's shutdown, also under TLS: it wakes a blocked read at once.
        with contextlib.suppress(OSError, TypeError):
            socket.socket.shutdown(sock, socket.SHUT_RDWR)


class _PinnedHTTPConnection(http.client.HTTPConnection):
    """Connects to a given address; the Host header still names the host."""

    def __init__(self, host, port, *, address: str, **kwargs):
        super().__init__(host, port, **kwargs)
        self.address = address

    def connect(self):
        self.sock = socket.create_connection((self.address, self.port), self.timeout)


class _PinnedHTTPSConnection(http.client.HTTPSConnection):
    """Connects to a given address; the certificate is checked against the host's name."""

    def __init__(self, host, port, *, address: str, **kwargs):
        # The system's trusted certificates and host name checking, offering HTTP/1.1 (ALPN),
        # as http.client's own default context.
        self.tls = ssl.create_default_context()
        self.tls.set_alpn_protocols(["http/1.1"])
        super().__init__(host, port, context=self.tls, **kwargs)
        self.address = address

    def connect(self):
        # Set before the handshake, so the deadline can cut a handshake that drags on.
        self.sock = socket.create_connection((self.address, self.port), self.timeout)
        self.sock = self.tls.wrap_socket(self.sock, server_hostname=self.host)


def _public_address(host: str, port: int) -> str:
    """The address to connect to: the first the host resolves to, refused (with every other
    one) when it is loopback, private, link-local or otherwise not public, including IPv4
    addresses carried inside IPv6 ones (mapped, 6to4, NAT64)."""
    addresses = [info[4][0] for info in socket.getaddrinfo(host, port, proto=socket.IPPROTO_TCP)]
    if not settings.WEBHOOK_ALLOW_PRIVATE_NETWORKS:
        for address in addresses:
            ip = ipaddress.ip_address(address)
            if not all(carried.is_global for carried in _carried(ip)):
                raise DeliveryRefused(f"{host} resolves to {ip}, which is not a public address")
    return addresses[0]


def _carried(ip: ipaddress.IPv4Address | ipaddress.IPv6Address) -> list:
    """`ip`, and the IPv4 address an IPv6 one carries, if any."""
    if ip.version == 4:
        return [ip]
    embedded = ip.ipv4_mapped or ip.sixtofour
    if embedded is None and ip in NAT64:
        embedded = ipaddress.IPv4Address(int(ip) & 0xFFFFFFFF)
    return [ip, embedded] if embedded is not None else [ip]


def _retry_after(value: str | None) -> int | None:
    return int(value) if value and value.strip().isdigit() else None
