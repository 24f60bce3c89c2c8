"""A web instance leaves its load balancer's rotation before it stops serving (a rolling restart
without a failed request: docs/deploying.md, "Behind a load balancer").

gunicorn stops on SIGTERM by closing its listening sockets at once: a balancer that still
counts the instance in its pool sends it connections that are refused, and the idle kept-alive
connections it holds to the instance are closed under it. So the master, on SIGTERM, first
*drains*: for `GUNICORN_DRAIN_SECONDS` every worker keeps serving, but readiness answers 503, and
the balancer's health checks take the instance out; then gunicorn's own graceful stop runs
(listeners closed, requests in flight finished within `graceful_timeout`).

The flag is one byte of memory shared by the master and the workers it forks: it is mapped when
gunicorn.conf.py imports this module, before any worker exists, and a fork keeps a shared
mapping shared. Outside gunicorn nothing sets it.
"""

import mmap
import signal
import threading

_flag = mmap.mmap(-1, 1)  # MAP_SHARED: the workers see the master's write


def draining() -> bool:
    """This instance has been told to stop and is leaving its balancer's rotation."""
    return _flag[0] == 1


def drain_on_sigterm(seconds: float) -> None:
    """Called in gunicorn's master once it handles its signals (`when_ready`): SIGTERM marks the
    instance draining and reaches gunicorn's own handler `seconds` later. A second SIGTERM
    stops at once, as gunicorn would have; SIGINT and SIGQUIT stay quick stops."""
    stop = signal.getsignal(signal.SIGTERM)
    if seconds <= 0 or not callable(stop):
        return

    def drain(signum, frame):
        if draining():
            stop(signum, frame)
            return
        _flag[0] = 1
        # gunicorn's handler only queues the signal for its main loop: safe from a thread. A
        # daemon, so a master stopped meanwhile (a second SIGTERM) does not wait for it.
        timer = threading.Timer(seconds, stop, (signum, None))
        timer.daemon = True
        timer.start()

    signal.signal(signal.SIGTERM, drain)
