"""The docs site as CI builds it (`mkdocs build --strict`, mkdocs.yml), served from a temporary
folder by a plain static file server, for the tests that read it (tests/docs/,
tests/browser/test_docs_site.py). One build a test run: it takes seconds."""

import functools
import os
import subprocess
import sys
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

from tests.servers import REPO


@dataclass
class BuiltSite:
    folder: Path
    exit_code: int
    output: str


def site_build(folder: Path) -> BuiltSite:
    built = subprocess.run(
        [Path(sys.executable).parent / "mkdocs", "build", "--strict", "--site-dir", str(folder)],
        cwd=REPO,
        env=os.environ | {"NO_MKDOCS_2_WARNING": "1"},
        capture_output=True,
        text=True,
        timeout=300,
    )
    return BuiltSite(folder, built.returncode, built.stdout + built.stderr)


class QuietHandler(SimpleHTTPRequestHandler):
    def log_message(self, format, *args):
        pass  # the tests' output is theirs: no line a request


@contextmanager
def site_served(folder: Path) -> Iterator[str]:
    """The folder on a free port of 127.0.0.1, as `mkdocs serve` would serve it; its base URL."""
    server = ThreadingHTTPServer(
        ("127.0.0.1", 0), functools.partial(QuietHandler, directory=str(folder))
    )
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_port}"
    finally:
        server.shutdown()
        server.server_close()
