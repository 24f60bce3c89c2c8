"""Retention: finished events (with their attempts) and Idempotency-Keys past their time are
purged in short batches, by Celery beat and by `manage.py purge_old_records`."""

import io
import threading
from datetime import timedelta

import pytest
from django.conf import settings
from django.core.management import CommandError, call_command
from django.db import connection, transaction
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from companies import retention
from companies.models import Event, EventAttempt, EventState, IdempotencyKey
from companies.tasks import purge_idempotency_keys, purge_old_records
from companies.webhooks.leases import event_claim
from config.celery import app
from tests.factories import ApiClientFactory, EventFactory
from tests.support import run_together

FINISHED = [EventState.DELIVERED, EventState.FAILED, EventState.NO_ENDPOINT]


def event(state=EventState.DELIVERED, *, days_old: float, attempted_days_ago=None) -> Event:
    """An event recorded `days_old` days ago, with one attempt made `attempted_days_ago` days
    ago (by default when it was recorded)."""
    made = EventFactory(state=state)
    Event.objects.filter(pk=made.pk).update(created_at=ago(days=days_old))
    attempt = EventAttempt.objects.create(event=made, url="https://hooks.example.com/hlos")
    EventAttempt.objects.filter(pk=attempt.pk).update(
        attempted_at=ago(days=days_old if attempted_days_ago is None else attempted_days_ago)
    )
    return made


def key(*, hours_old: float) -> IdempotencyKey:
    made = IdempotencyKey.objects.create(
        api_client=ApiClientFactory(), key=f"key-{hours_old}", fingerprint="f" * 64
    )
    IdempotencyKey.objects.filter(pk=made.pk).update(created_at=ago(hours=hours_old))
    return made


def ago(**delta) -> timezone.datetime:
    return timezone.now() - timedelta(**delta)


def left(model) -> set:
    return set(model.objects.values_list("pk", flat=True))


def purge_command(*args) -> str:
    output = io.StringIO()
    call_command("purge_old_records", *args, stdout=output)
    return output.getvalue()


@pytest.mark.django_db
@pytest.mark.parametrize("state", FINISHED)
def test_a_finished_event_past_retention_goes_with_its_attempts(state):
    old = event(state, days_old=91)
    kept = event(state, days_old=89)

    purged = retention.purge_old_records()

    assert left(Event) == {kept.pk}
    assert not EventAttempt.objects.filter(event_id=old.pk).exists()
    assert EventAttempt.objects.filter(event=kept).count() == 1
    assert purged == retention.Purged(events=1, attempts=1, idempotency_keys=0)


@pytest.mark.django_db
def test_a_pending_event_is_kept_whatever_its_age():
    pending = event(EventState.PENDING, days_old=400)

    retention.purge_old_records()

    assert left(Event) == {pending.pk}
    assert EventAttempt.objects.filter(event=pending).count() == 1


@pytest.mark.django_db
def test_an_old_event_redelivered_recently_is_kept_as_long_as_a_new_one():
    redelivered = event(EventState.DELIVERED, days_old=200, attempted_days_ago=1)

    retention.purge_old_records()

    assert left(Event) == {redelivered.pk}


@pytest.mark.django_db
def test_the_retention_follows_event_retention_days(settings):
    settings.EVENT_RETENTION_DAYS = 7
    old, recent = event(days_old=8), event(days_old=6)

    retention.purge_old_records()

    assert left(Event) == {recent.pk} and old.pk not in left(Event)


@pytest.mark.django_db
def test_idempotency_keys_older_than_24_hours_go():
    key(hours_old=24.01)
    fresh = key(hours_old=23.9)

    purged = retention.purge_old_records()

    assert left(IdempotencyKey) == {fresh.pk}
    assert purged.idempotency_keys == 1


@pytest.mark.django_db
def test_rows_go_in_batches_each_its_own_delete_until_none_is_left():
    for _ in range(5):
        event(days_old=100)
    for hours in (25, 26, 27):
        key(hours_old=hours)

    with CaptureQueriesContext(connection) as queries:
        purged = retention.purge_old_records(batch_size=2)

    deletes = [query["sql"].split(" WHERE")[0] for query in queries if "DELETE" in query["sql"]]
    assert deletes.count('DELETE FROM "companies_event"') == 3  # 2 + 2 + 1
    assert deletes.count('DELETE FROM "companies_eventattempt"') == 3
    assert deletes.count('DELETE FROM "companies_idempotencykey"') == 2  # 2 + 1
    assert purged == retention.Purged(events=5, attempts=5, idempotency_keys=3)
    assert not Event.objects.exists() and not IdempotencyKey.objects.exists()


@pytest.mark.django_db
def test_a_spent_time_budget_stops_between_batches_and_the_next_run_goes_on():
    for _ in range(5):
        event(days_old=100)

    first = retention.purge_old_records(batch_size=2, max_seconds=1e-9)
    second = retention.purge_old_records(batch_size=2)

    assert (first.events, first.complete) == (2, False)
    assert (second.events, second.complete) == (3, True)


@pytest.mark.django_db
def test_the_command_says_what_it_purged():
    event(days_old=100), event(days_old=1)
    key(hours_old=30)

    output = purge_command("--batch-size", "1")

    assert output == (
        "Purged 1 event(s) with 1 attempt(s), 1 Idempotency-Key(s) and 0 audit row(s) "
        "(events kept 90 days, keys 24 hours, audit rows 400 days).\n"
    )
    assert Event.objects.count() == 1


@pytest.mark.django_db
def test_a_dry_run_counts_and_deletes_nothing():
    event(days_old=100), event(days_old=120), event(EventState.PENDING, days_old=120)
    key(hours_old=30)

    output = purge_command("--dry-run")

    assert output == (
        "Would purge 2 event(s) with 2 attempt(s), 1 Idempotency-Key(s) and 0 audit row(s) "
        "(events kept 90 days, keys 24 hours, audit rows 400 days).\n"
    )
    assert Event.objects.count() == 3 and IdempotencyKey.objects.count() == 1


@pytest.mark.django_db
def test_the_command_says_when_its_time_budget_stopped_it():
    for _ in range(3):
        event(days_old=100)

    output = purge_command("--batch-size", "1", "--max-seconds", "0.000001")

    assert output.splitlines() == [
        "Purged 1 event(s) with 1 attempt(s), 0 Idempotency-Key(s) and 0 audit row(s) "
        "(events kept 90 days, keys 24 hours, audit rows 400 days).",
        "Stopped after 1e-06 s with more to purge; run it again for the rest.",
    ]


@pytest.mark.parametrize("option", ["--batch-size", "--max-seconds"])
@pytest.mark.parametrize("value", ["0", "-1", "many"])
def test_the_command_refuses_a_batch_size_or_budget_not_above_0(option, value):
    with pytest.raises(CommandError, match="must be a number above 0"):
        call_command("purge_old_records", option, value)


@pytest.mark.django_db
def test_the_former_command_name_runs_the_same_purge():
    event(days_old=100)
    key(hours_old=30)

    output = io.StringIO()
    call_command("purge_idempotency_keys", stdout=output)

    assert output.getvalue().startswith("Purged 1 event(s) with 1 attempt(s), 1 Idem")


def test_beat_runs_the_purge_hourly_by_a_registered_task():
    entry = settings.CELERY_BEAT_SCHEDULE["purge-old-records"]

    assert entry == {"task": "companies.tasks.purge_old_records", "schedule": 3600.0}
    assert entry["task"] in app.tasks


@pytest.mark.django_db
@pytest.mark.parametrize("task", [purge_old_records, purge_idempotency_keys])
def test_the_task_purges_and_answers_its_counts(task):
    event(days_old=100)

    result = task.apply().get()

    assert result == {
        "events": 1,
        "attempts": 1,
        "idempotency_keys": 0,
        "audit_rows": 0,
        "complete": True,
    }
    assert not Event.objects.exists()


# --- without long locks ----------------------------------------------------------------------


def paused_before(
    statement: str, reached: threading.Event, resume: threading.Event, resumed: list[bool]
):
    """A database execute wrapper that stops this thread's connection just before `statement`,
    inside the transaction running it, until `resume` is set; `resumed` records whether it was
    set in time (False: the pause gave up after 10 s)."""

    def wrapper(execute, sql, params, many, context):
        if sql.startswith(statement):
            reached.set()
            resumed.append(resume.wait(10))
        return execute(sql, params, many, context)

    return wrapper


@pytest.mark.django_db(transaction=True, serialized_rollback=True)
def test_a_worker_claims_a_recent_event_while_a_purge_holds_its_batch():
    old = [event(days_old=100) for _ in range(3)]
    recent = EventFactory(state=EventState.PENDING, attempts=0, next_attempt_at=timezone.now())
    mid_batch, resume, resumed = threading.Event(), threading.Event(), []

    def purge():
        with connection.execute_wrapper(
            paused_before('DELETE FROM "companies_event"', mid_batch, resume, resumed)
        ):
            return retention.purge_old_records()

    def claim():
        assert mid_batch.wait(10), "the purge never reached its delete"
        try:
            return event_claim(recent.pk)
        finally:
            resume.set()

    purged, attempt = run_together(purge, claim)

    assert attempt is not None and attempt.event_id == recent.pk
    # The claim came back while the purge still held its batch (a claim that waited on the
    # purge's locks would have let the pause give up first).
    assert resumed == [True]
    assert purged.events == len(old)
    assert left(Event) == {recent.pk}


@pytest.mark.django_db(transaction=True, serialized_rollback=True)
def test_a_purge_skips_an_old_event_another_transaction_holds_instead_of_waiting():
    held, free = event(EventState.FAILED, days_old=100), event(days_old=100)
    holding, purged_meanwhile = threading.Event(), threading.Event()

    def hold():
        with transaction.atomic():  # as a redelivery locks the row it restarts
            Event.objects.select_for_update().get(pk=held.pk)
            holding.set()
            # False if the purge waited on this lock: it would end only when this gives up.
            return purged_meanwhile.wait(10)

    def purge():
        assert holding.wait(10)
        try:
            return retention.purge_old_records()
        finally:
            purged_meanwhile.set()

    purged_while_held, purged = run_together(hold, purge)

    assert purged_while_held
    assert purged.events == 1 and free.pk not in left(Event)
    assert left(Event) == {held.pk}
    assert retention.purge_old_records().events == 1  # the next run, once it is free
