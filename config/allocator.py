"""Memory a process has freed, given back to the system.

Python hands the objects it frees back to C's allocator, and glibc's keeps the freed pages for
later instead of returning them: after a streamed list (config/api/streaming.py) the worker
would stay as large as its largest chunk made it. `malloc_trim(0)` returns every free page,
which takes well under a millisecond; it is called once a long answer is written, not per
request. Where the C library is not glibc (macOS, musl) there is nothing to call.
"""

import ctypes

try:
    # The process's own symbols, the C library's among them.
    _malloc_trim = ctypes.CDLL(None).malloc_trim
except (AttributeError, OSError):
    _malloc_trim = None


def give_back_free_memory() -> None:
    if _malloc_trim is not None:
        _malloc_trim(0)
