"""Readiness's checks run under a deadline, in threads that a hung dependency cannot multiply
(config/ops/health.py; docs/decisions/0079-readiness-within-a-second-and-heartbeats.md).

A lane is a list of checks that need the first one (the database, then the migrations and the
checks that read tables; the broker, then the heartbeats read from it), run one after another
in a daemon thread. A caller starts a run and waits for it until its deadline; a check not
finished by then is reported as timed out, and the run carries on without it. A lane runs once
at a time: a caller that comes while a run is under way waits for that one, so a dependency
that hangs holds one thread per lane however often readiness is asked, and is tried anew once
that run ends (libpq's connect timeout, Redis's socket timeouts, or the dependency's answer).

The thread's database connections are its own, closed when its run ends whatever happened: a
database restarted meanwhile is connected anew by the next run, and none is left open.
"""

import os
import threading
import time
from collections.abc import Callable

from django.conf import settings
from django.db import connections

from config.ops.deadlines import database_deadline

Check = Callable[[], dict]
# What a check gave: the dict it returned, or what it raised (or a TimedOut, or a Skipped).
Found = dict | BaseException


class TimedOut(Exception):
    """The check had not finished at the caller's deadline; its run had lasted `seconds`."""

    def __init__(self, seconds: float):
        super().__init__(f"No answer in {seconds:.1f} s")


class Skipped(Exception):
    """Not tried: the lane's first check (`needed`) failed or has not answered."""

    def __init__(self, needed: str):
        super().__init__(needed)
        self.needed = needed


class Run:
    def __init__(self, checks: dict[str, Check]):
        self.checks = checks
        self.started = time.monotonic()
        self.pid = os.getpid()
        self.found: dict[str, Found] = {}
        self.done = threading.Event()

    def __call__(self) -> None:
        # Its database work is bounded as a request's is (config.ops.deadlines): a run stuck on
        # a hung database ends, and the next one tries anew.
        try:
            with database_deadline(settings.DB_REQUEST_TIMEOUT):
                self._run_checks()
        finally:
            connections.close_all()  # this thread's own
            self.done.set()

    def _run_checks(self) -> None:
        first, *rest = self.checks
        found = _call(self.checks[first])
        if isinstance(found, BaseException):
            # The rest need the first: reported with it, in one update.
            self.found.update({first: found} | dict.fromkeys(rest, Skipped(first)))
            return
        self.found[first] = found
        for name in rest:
            self.found[name] = _call(self.checks[name])

    def results(self, deadline: float) -> dict[str, Found]:
        """What each check gave, waiting for the run until `deadline` (time.monotonic())."""
        self.done.wait(max(0.0, deadline - time.monotonic()))
        found = dict(self.found)  # a copy: the run may still be adding to it
        first = next(iter(self.checks))
        seconds = time.monotonic() - self.started
        results = {}
        for name in self.checks:
            if name in found:
                results[name] = found[name]
            elif name == first or first in found:
                results[name] = TimedOut(seconds)
            else:
                results[name] = Skipped(first)
        return results


def _call(check: Check) -> Found:
    try:
        return check()
    except Exception as error:
        return error


class Lane:
    def __init__(self, name: str, checks: Callable[[], dict[str, Check]]):
        self.name = name
        self.checks = checks
        self._lock = threading.Lock()
        self._run: Run | None = None

    def start(self) -> Run:
        """A run of the lane's checks: the one under way, else a new one."""
        with self._lock:
            run = self._run
            # A run of the parent process, had it forked mid-run, has no thread here.
            if run is None or run.done.is_set() or run.pid != os.getpid():
                run = self._run = Run(self.checks())
                threading.Thread(target=run, name=f"health-{self.name}", daemon=True).start()
            return run
