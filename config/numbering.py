"""Human numbers for records (order 1042, movement 318): unique and increasing, under races too.

The next number is the largest so far plus one, taken while holding a lock on that numbering
for the rest of the transaction, so concurrent creations take their numbers one after the
other however many there are. On PostgreSQL the lock is a transaction-level advisory lock
named after the table and column; SQLite (`make run`) serialises writers by itself. The unique
constraint on the column stays as the last word.

The lock is a statement of its own, or a condition of a statement the creation makes anyway
before its insert (`numbering_lock`): one round trip less.
"""

from django.db import connection, models
from django.db.models import BooleanField, Q
from django.db.models.expressions import RawSQL

# Takes the lock named by its parameter (`_lock_name`) until the transaction ends.
_LOCK = "pg_advisory_xact_lock(hashtext(%s))"


def _lock_name(model: type[models.Model], field: str) -> str:
    return f"{model._meta.db_table}.{field}"


def numbering_lock(model: type[models.Model], field: str) -> Q | RawSQL:
    """A condition, always true, that takes the lock of `model`'s `field` numbering for the
    transaction: a statement filtered by it (and run: a filter of no ids runs none) takes the
    lock before it reads or changes any row, since PostgreSQL evaluates a subquery that
    depends on no row once, first (a one-time filter). The insert that follows then takes its
    number with `save_with_next_number(..., locked=True)`. Nothing on SQLite."""
    if connection.vendor != "postgresql":
        return Q()
    name = _lock_name(model, field)
    return RawSQL(f"EXISTS (SELECT FROM {_LOCK})", [name], output_field=BooleanField())


def save_with_next_number(instance: models.Model, field: str, *, locked: bool = False) -> None:
    """Insert `instance` with `field` set to the next number of its table. Call it inside the
    transaction that creates the record: the numbering stays locked until that commits.
    `locked`: an earlier statement of the transaction took the lock (`numbering_lock`)."""
    model = type(instance)
    meta = model._meta
    number = meta.get_field(field)
    table = connection.ops.quote_name(meta.db_table)
    if connection.vendor == "postgresql" and not locked:
        with connection.cursor() as cursor:
            cursor.execute(f"SELECT {_LOCK}", [_lock_name(model, field)])
    # The largest is read by the insert itself, which returns the number it wrote: one round
    # trip less than reading it first. It must stay a statement after the lock's, not part of
    # it: a statement sees the rows committed before it started, and a number taken before
    # the lock was granted could be the one its holder just committed.
    column = connection.ops.quote_name(number.column)
    setattr(
        instance,
        field,
        RawSQL(f"SELECT COALESCE(MAX({column}), 0) + 1 FROM {table}", [], output_field=number),
    )
    # The insert save(force_insert=True) makes, asked to return the number, which save()
    # cannot be; it sends no save signals (the project connects none).
    fields = [f for f in meta.local_concrete_fields if not f.generated]
    [(taken,)] = model._base_manager._insert(
        [instance], fields=fields, returning_fields=[number], using=connection.alias
    )
    setattr(instance, field, taken)
    instance._state.adding = False
    instance._state.db = connection.alias


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
