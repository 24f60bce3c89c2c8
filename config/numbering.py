"""Human numbers for records (order 1042, movement 318): unique and increasing, under races too.

The next number is the largest so far plus one, and a unique constraint on the column decides
between two transactions that read the same largest: the loser's insert fails, and it tries
again with a fresh read (inside a savepoint, so its transaction goes on). This needs no
sequence object, so it works the same on PostgreSQL and on the SQLite of `make run`.
"""

from django.db import IntegrityError, models, transaction
from django.db.models import Max

ATTEMPTS = 10


def save_with_next_number(instance: models.Model, field: str) -> None:
    """Insert `instance` with `field` set to the next number of its table."""
    model = type(instance)
    for attempt in range(ATTEMPTS):
        largest = model.objects.aggregate(largest=Max(field))["largest"] or 0
        setattr(instance, field, largest + 1)
        try:
            with transaction.atomic():
                instance.save(force_insert=True)
            return
        except IntegrityError:
            taken = model.objects.filter(**{field: largest + 1}).exists()
            if not taken or attempt == ATTEMPTS - 1:
                raise
