"""Request bodies with keys left out, for the tests of what happens when a client omits one."""

OMIT = object()
"""Give a key this value to leave it out of the body (None sends an explicit null)."""


def without_omitted(fields: dict) -> dict:
    """The fields, less those whose value is OMIT."""
    return {key: value for key, value in fields.items() if value is not OMIT}
