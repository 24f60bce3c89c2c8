"""Human numbers for records (order 1042, movement 318): unique and increasing, under races too.

The next number is the largest so far plus one, read and written while holding a lock on that
numbering for the rest of the transaction, so concurrent creations take their numbers one after
the other however many there are. On PostgreSQL the lock is a transaction-level advisory lock
named after the table and column; SQLite (`make run`) serialises writers by itself. The unique
constraint on the column stays as the last word.
"""

from django.db import connection, models
from django.db.models import Max


def save_with_next_number(instance: models.Model, field: str) -> None:
    """Insert `instance` with `field` set to the next number of its table. Call it inside the
    transaction that creates the record: the numbering stays locked until that commits."""
    model = type(instance)
    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:
            cursor.execute(
                "SELECT pg_advisory_xact_lock(hashtext(%s))", [f"{model._meta.db_table}.{field}"]
            )
    largest = model.objects.aggregate(largest=Max(field))["largest"] or 0
    setattr(instance, field, largest + 1)
    instance.save(force_insert=True)
