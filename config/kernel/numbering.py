"""Human numbers for records (order 1042, movement 318): unique and increasing, under races too.

Each numbering is a PostgreSQL sequence, made by a migration of the app that owns the column
(starting after the largest number given before it), and the column's database default takes
the sequence's next value (`db_default=NextNumber("...")`). The INSERT takes the number and
returns it (Django reads back a column with a database default on `create()` and `save()`):
no lock, no statement of its own. A sequence never hands a number out twice and hands them out
in increasing order; the number of a creation that is rolled back is not used again, a gap,
harmless for numbers people quote. The unique constraint on the column stays as the last word.
"""

from django.db.models import Func, PositiveBigIntegerField, Value


class NextNumber(Func):
    """`nextval('sequence')`: the next number of a numbering, as a column's `db_default`."""

    function = "nextval"

    def __init__(self, sequence: str):
        super().__init__(Value(sequence), output_field=PositiveBigIntegerField())


# The digits of the largest record number (a PostgreSQL bigint).
NUMBER_DIGITS = 18


def number_written(text: str) -> int | None:
    """The record number an operator typed (`1042`, as a client quotes it), or None when
    `text` is not one: ASCII digits only (`isdigit()` also takes "²", which `int()` refuses),
    and no more than a bigint holds."""
    text = text.strip()
    if text.isascii() and text.isdigit() and len(text) <= NUMBER_DIGITS:
        return int(text)
    return None
