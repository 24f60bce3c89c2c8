"""Human numbers for records (order 1042, movement 318): unique and increasing, under races too.

The next number is the largest so far plus one, taken while holding a lock on that numbering
for the rest of the transaction, so concurrent creations take their numbers one after the
other however many there are. On PostgreSQL the lock is a transaction-level advisory lock
named after the table and column; SQLite (`make run`) serialises writers by itself. The unique
constraint on the column stays as the last word.
"""

from django.db import connection, models
from django.db.models.expressions import RawSQL


def save_with_next_number(instance: models.Model, field: str) -> None:
    """Insert `instance` with `field` set to the next number of its table. Call it inside the
    transaction that creates the record: the numbering stays locked until that commits."""
    model = type(instance)
    meta = model._meta
    number = meta.get_field(field)
    table = connection.ops.quote_name(meta.db_table)
    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:
            cursor.execute(
                "SELECT pg_advisory_xact_lock(hashtext(%s))", [f"{meta.db_table}.{field}"]
            )
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
