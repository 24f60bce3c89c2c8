"""Retention of the audit trail (issue 28): rows of changes made more than AUDIT_RETENTION_DAYS
ago go with the hourly purge, oldest first and in short batches, from every audit table; the
rest stay, and a dry run changes nothing."""

import io
from datetime import timedelta

import pytest
from django.core.management import call_command
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from companies import retention
from companies.tasks import purge_old_records
from config.kernel.audit import audit_models
from tests.factories import CompanyFactory, EmployeeFactory, HardwareFactory, OrderFactory

pytestmark = pytest.mark.django_db


def trail_of(record):
    """The audit table of `record`'s model, and `record`'s rows in it."""
    [table] = [model for model in audit_models() if model.pgh_tracked_model is type(record)]
    return table, table.objects.filter(pgh_obj_id=record.pk)


def made(record, *, days_ago: float) -> None:
    """`record`'s rows on the trail written `days_ago` days ago."""
    _, rows = trail_of(record)
    rows.update(pgh_created_at=timezone.now() - timedelta(days=days_ago))


def rows_left(record) -> int:
    return trail_of(record)[1].count()


def every_row() -> int:
    return sum(table.objects.count() for table in audit_models())


def purge_command(*args) -> str:
    output = io.StringIO()
    call_command("purge_old_records", *args, stdout=output)
    return output.getvalue()


def test_rows_past_the_retention_go_from_every_table_and_the_rest_stay():
    company = CompanyFactory()
    old = [
        EmployeeFactory(company=company),
        HardwareFactory(company=company),
        OrderFactory(company=company),
    ]
    kept = [EmployeeFactory(company=company), OrderFactory(company=company)]
    for record in old:
        made(record, days_ago=401)
    for record in kept:
        made(record, days_ago=399)
    before = every_row()

    purged = retention.purge_old_records()

    assert purged.audit_rows == len(old)
    assert [rows_left(record) for record in old] == [0, 0, 0]
    assert [rows_left(record) for record in kept] == [1, 1]
    assert every_row() == before - len(old)
    # The records themselves stay: only what the trail said of them long ago is gone.
    assert all(type(record).objects.filter(pk=record.pk).exists() for record in old)


def test_the_retention_follows_audit_retention_days(settings):
    settings.AUDIT_RETENTION_DAYS = 30
    old, recent = OrderFactory(), OrderFactory()
    made(old, days_ago=31)
    made(recent, days_ago=29)

    retention.purge_old_records()

    assert (rows_left(old), rows_left(recent)) == (0, 1)


def test_rows_go_in_batches_oldest_first_each_its_own_delete():
    orders = [OrderFactory() for _ in range(5)]
    for age, order in enumerate(orders):
        made(order, days_ago=500 - age)  # the first made is the oldest
    table, _ = trail_of(orders[0])

    with CaptureQueriesContext(connection) as queries:
        purged = retention.purge_old_records(batch_size=2)

    deletes = [
        q["sql"] for q in queries if q["sql"].startswith(f'DELETE FROM "{table._meta.db_table}"')
    ]
    assert len(deletes) == 3  # 2 + 2 + 1
    picks = [
        q["sql"]
        for q in queries
        if q["sql"].startswith("SELECT") and f'FROM "{table._meta.db_table}"' in q["sql"]
    ]
    assert len(picks) == 3
    for sql in picks:
        assert f'ORDER BY "{table._meta.db_table}"."pgh_created_at" ASC' in sql
        assert sql.endswith("FOR UPDATE SKIP LOCKED")
    assert purged.audit_rows == 5


def test_a_spent_time_budget_leaves_the_rest_to_the_next_run():
    for _ in range(3):
        made(OrderFactory(), days_ago=500)

    first = retention.purge_old_records(batch_size=2, max_seconds=1e-9)
    second = retention.purge_old_records(batch_size=2)

    assert (first.audit_rows, first.complete) == (2, False)
    assert (second.audit_rows, second.complete) == (1, True)


def test_a_dry_run_counts_the_rows_and_deletes_nothing():
    for _ in range(2):
        made(OrderFactory(), days_ago=500)
    before = every_row()

    output = purge_command("--dry-run")

    assert output == (
        "Would purge 0 event(s) with 0 attempt(s), 0 Idempotency-Key(s) and 2 audit row(s) "
        "(events kept 90 days, keys 24 hours, audit rows 400 days).\n"
    )
    assert every_row() == before


def test_the_command_and_the_task_report_the_rows_purged():
    made(OrderFactory(), days_ago=500)
    made(OrderFactory(), days_ago=500)

    output = purge_command("--batch-size", "1")
    made(OrderFactory(), days_ago=500)
    result = purge_old_records.apply().get()

    assert output.startswith("Purged 0 event(s) with 0 attempt(s), 0 Idempotency-Key(s) and 2 ")
    assert result["audit_rows"] == 1 and result["complete"] is True
