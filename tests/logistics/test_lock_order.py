"""Writes that lock the same rows: an onboarding and an offboarding meeting on one employee both
succeed, one after the other, and a write PostgreSQL ends anyway to break a deadlock is run
again (config.kernel.database.atomic_retried) instead of answering 500."""

import threading
import time

import pytest
from django.db import OperationalError, connection, transaction

from config.kernel import database
from config.kernel.database import DEADLOCK_RETRIES, atomic_retried
from employees.models import Employee
from logistics.models import MovementRequest
from tests.conftest import make_caller
from tests.factories import CompanyFactory, EmployeeFactory, HardwareFactory
from tests.logistics.test_onboarding import INLINE_EMPLOYEE, onboard
from tests.support.threads import TIMEOUT_SECONDS


def waiting_for_locks() -> int:
    """Transactions of this database waiting for a lock."""
    with connection.cursor() as cursor:
        # Read inside the test's transaction, pg_stat_activity would be its first read's
        # snapshot, without the sessions opened since.
        cursor.execute("SELECT pg_stat_clear_snapshot()")
        cursor.execute(
            "SELECT count(*) FROM pg_locks l JOIN pg_stat_activity a ON a.pid = l.pid"
            " WHERE NOT l.granted AND a.datname = current_database()"
        )
        return cursor.fetchone()[0]


def wait_until(condition) -> None:
    deadline = time.monotonic() + TIMEOUT_SECONDS
    while not condition():
        assert time.monotonic() < deadline, "the call never reached the lock"
        time.sleep(0.01)


class Call(threading.Thread):
    def __init__(self, call):
        super().__init__()
        self.call = call
        self.outcome = None

    def run(self):
        try:
            self.outcome = self.call()
        except BaseException as raised:
            self.outcome = raised
        finally:
            connection.close()


@pytest.mark.django_db(transaction=True, serialized_rollback=True)
def test_an_offboarding_and_an_onboarding_updating_its_employee_both_succeed(monkeypatch):
    # No second run after a deadlock: with one, the order below would deadlock and still
    # answer 201, 201 on its retry.
    monkeypatch.setattr(database, "DEADLOCK_RETRIES", 0)
    caller = make_caller()
    company = CompanyFactory(api_client=caller.api_client, code="MOV")
    employee = EmployeeFactory(company=company, email="bo@example.com", last_name="Old")
    held = HardwareFactory(company=company, on_employee=True, employee=employee)
    stored = HardwareFactory(company=company)
    offboarding_body = {
        "companyCode": "MOV",
        "handledBy": "PROVIDER",
        "employeeEmail": "bo@example.com",
        "hardwares": {"hardwareIds": [str(held.id)]},
    }
    offboarding = Call(
        lambda: caller.post("/movement_requests/offboarding", {"data": offboarding_body}, "json")
    )
    # The onboarding updates the employee from its inline data: it locks the employee's row
    # first, then its item. The offboarding locks its item, then the employee (moving their
    # updatedAt). Neither holds what the other waits for.
    onboarding = Call(
        lambda: onboard(caller, employee=INLINE_EMPLOYEE, hardwareIds=[str(stored.id)])
    )

    # The employee held here, the offboarding queues for them first (its item locked), then
    # the onboarding: once let go, each finishes in turn.
    with transaction.atomic():
        Employee.objects.select_for_update().get(pk=employee.pk)
        offboarding.start()
        wait_until(lambda: waiting_for_locks() == 1)
        onboarding.start()
        wait_until(lambda: waiting_for_locks() == 2)
    for call in (offboarding, onboarding):
        call.join(TIMEOUT_SECONDS)

    assert [call.outcome.status_code for call in (offboarding, onboarding)] == [201, 201]
    numbers = [
        call.outcome.json()["envelop"][0]["movementRequestNumber"]
        for call in (offboarding, onboarding)
    ]
    assert numbers[0] < numbers[1]
    assert MovementRequest.objects.count() == 2


def deadlocked_write(runs: list):
    runs.append(transaction.get_connection().in_atomic_block)
    # PostgreSQL's own error for a transaction it ended to break a deadlock.
    with connection.cursor() as cursor:
        cursor.execute(
            "DO $$ BEGIN RAISE EXCEPTION 'deadlock detected' USING ERRCODE = '40P01'; END $$"
        )


@pytest.mark.django_db(transaction=True, serialized_rollback=True)
def test_a_write_ended_by_deadlocks_each_time_is_run_twice_more_then_refused():
    runs = []

    with pytest.raises(OperationalError):
        atomic_retried(deadlocked_write)(runs)

    assert runs == [True] * (1 + DEADLOCK_RETRIES)


@pytest.mark.django_db(transaction=True, serialized_rollback=True)
def test_a_write_inside_a_callers_transaction_is_not_run_again():
    runs = []

    with pytest.raises(OperationalError), transaction.atomic():
        atomic_retried(deadlocked_write)(runs)

    assert runs == [True]
