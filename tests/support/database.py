"""Failures made by PostgreSQL itself, for the tests of what a write does when the database
refuses it: real errors, raised where the code meets the database, instead of patched
functions of the project that a refactoring would silently bypass."""

from contextlib import contextmanager

from django.db import connection

FUNCTION = "tests_refuse_insert"
COUNTER = "tests_refused_inserts"


class RefusedInserts:
    """How many inserts the block's trigger refused: a sequence, so the count survives the
    rollbacks that follow each refusal."""

    def attempts(self) -> int:
        with connection.cursor() as cursor:
            cursor.execute(f"SELECT last_value, is_called FROM {COUNTER}")
            last_value, is_called = cursor.fetchone()
        return last_value if is_called else 0


@contextmanager
def refusing_inserts(model, message: str, *, unique_constraint: str | None = None):
    """Inside the block, every INSERT into `model`'s table fails with `message`: as a violation
    of `unique_constraint` when given (what PostgreSQL reports when a concurrent writer got the
    row in first), else as a plain error (a full disk, a failing trigger). Yields a
    RefusedInserts counting the attempts.

    The trigger and its counter are dropped after the block, even when the block fails. A
    refused statement aborts the transaction it runs in unless a savepoint catches it, so in a
    test whose code under test might not catch it, use `transaction=True`."""
    table = connection.ops.quote_name(model._meta.db_table)
    literal = message.replace("'", "''")
    raised = f"RAISE EXCEPTION '{literal}'"
    if unique_constraint:
        raised += f" USING ERRCODE = 'unique_violation', CONSTRAINT = '{unique_constraint}'"
    with connection.cursor() as cursor:
        cursor.execute(f"CREATE SEQUENCE {COUNTER}")
        cursor.execute(
            f"CREATE FUNCTION {FUNCTION}() RETURNS trigger LANGUAGE plpgsql "
            f"AS $$ BEGIN PERFORM nextval('{COUNTER}'); {raised}; END $$"
        )
        cursor.execute(
            f"CREATE TRIGGER {FUNCTION} BEFORE INSERT ON {table} "
            f"FOR EACH ROW EXECUTE FUNCTION {FUNCTION}()"
        )
    try:
        yield RefusedInserts()
    finally:
        with connection.cursor() as cursor:
            cursor.execute(f"DROP TRIGGER {FUNCTION} ON {table}")
            cursor.execute(f"DROP FUNCTION {FUNCTION}()")
            cursor.execute(f"DROP SEQUENCE {COUNTER}")
