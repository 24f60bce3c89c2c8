"""What many tests need and no test should write again: the API's envelopes, the one way to
assert a refusal, calls raced together on real threads, what the outbox recorded, and
failures made by the database itself.

Import from here (`from tests.support import assert_refused, run_together`); the modules behind
are small enough to read in one go.
"""

from tests.support.bodies import OMIT, employee_body, item_body, without_omitted
from tests.support.database import refusing_inserts
from tests.support.envelopes import error, iso, success, url
from tests.support.events import EVENTS_REFUSED, events_recorded, failing_event_inserts
from tests.support.refusals import assert_refused
from tests.support.threads import run_together

__all__ = [
    "EVENTS_REFUSED",
    "OMIT",
    "assert_refused",
    "employee_body",
    "error",
    "events_recorded",
    "failing_event_inserts",
    "iso",
    "item_body",
    "refusing_inserts",
    "run_together",
    "success",
    "url",
    "without_omitted",
]
