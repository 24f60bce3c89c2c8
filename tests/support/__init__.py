"""What many tests need and no test should write again: the API's envelopes, the one way to
assert a refusal, calls raced together on real threads, and what the outbox recorded.

Import from here (`from tests.support import assert_refused, run_together`); the modules behind
are small enough to read in one go.
"""

from tests.support.envelopes import error, success
from tests.support.refusals import assert_refused
from tests.support.threads import run_together

__all__ = ["assert_refused", "error", "run_together", "success"]
