"""The support the other tests lean on: if it were wrong, they would pass for the wrong reason."""

import threading

import pytest

from tests.support import assert_refused, error, run_together


class Answer:
    """Just what assert_refused reads of a test client's response."""

    def __init__(self, status_code: int, body: dict):
        self.status_code = status_code
        self._body = body

    def json(self) -> dict:
        return self._body


def test_run_together_overlaps_the_calls():
    # Each call waits for the other: run one after the other, both would time out.
    both_inside = threading.Barrier(2, timeout=5)

    def meet():
        return both_inside.wait() in (0, 1)

    assert run_together(meet, meet) == [True, True]


def test_run_together_hands_back_each_result_or_exception_in_the_order_given():
    refusal = ValueError("refused")

    def refuse():
        raise refusal

    assert run_together(lambda: 1, refuse, lambda: 3) == [1, refusal, 3]


def test_assert_refused_takes_absent_details_to_mean_none_at_all():
    with_details = Answer(400, error(400, "Invalid request data", [{"field": "a", "message": "b"}]))

    assert_refused(with_details, 400, "Invalid request data", [{"field": "a", "message": "b"}])
    with pytest.raises(AssertionError):
        assert_refused(with_details, 400, "Invalid request data")


def test_assert_refused_checks_the_http_status_as_well_as_the_body():
    with pytest.raises(AssertionError):
        assert_refused(Answer(200, error(404, "Not found")), 404, "Not found")
