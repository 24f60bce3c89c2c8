"""Calls raced on real threads, for the rules that only the database can keep under concurrency
(a unique code, a row lock, a counter)."""

import threading
from collections.abc import Callable

from django.db import connection

# Long enough for a slow machine, short enough that a deadlock fails the test instead of
# hanging the run.
TIMEOUT_SECONDS = 60


def run_together(*callables: Callable[[], object]) -> list:
    """Call each callable on its own thread, all released at once by a barrier, and return what
    each returned or the exception it raised, in the order given.

    Why each piece:
    - the barrier makes the calls overlap; threads merely started in a loop mostly run one
      after the other, and a race test that never races passes whatever the code does;
    - an exception is returned, not lost in the thread, so the test asserts on refusals as it
      does on results (and an unexpected error shows up in its comparison);
    - each thread's database connection (Django opens one per thread) is closed when its call
      ends, or it would outlive the test and keep the test database from being flushed or
      dropped.

    Use it from `transaction=True` tests only: the threads see committed rows alone.
    """
    barrier = threading.Barrier(len(callables), timeout=TIMEOUT_SECONDS)
    outcomes: list = [None] * len(callables)

    def run(index: int, call: Callable[[], object]) -> None:
        try:
            barrier.wait()
            outcomes[index] = call()
        except BaseException as raised:
            outcomes[index] = raised  # handed back to the test, not swallowed
        finally:
            connection.close()

    threads = [
        threading.Thread(target=run, args=(index, call)) for index, call in enumerate(callables)
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(TIMEOUT_SECONDS)
    stuck = sum(thread.is_alive() for thread in threads)
    assert not stuck, f"{stuck} of {len(threads)} calls still running after {TIMEOUT_SECONDS}s"
    return outcomes
