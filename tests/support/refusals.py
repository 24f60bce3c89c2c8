"""One way to assert that the API refused a request."""

from tests.support.envelopes import error


def assert_refused(
    response,
    status_code: int,
    message,
    details: list[dict] | None = None,
    *,
    with_empty_envelop: bool = False,
) -> None:
    """The response is this refusal and nothing else: its HTTP status and its whole error
    envelope. Compared as one pair, so a failure shows the status and the body together.
    `details=None` means the envelope has no details at all, not "any details"."""
    expected = error(status_code, message, details, with_empty_envelop=with_empty_envelop)
    assert (response.status_code, response.json()) == (status_code, expected)
