"""Races on company codes are decided by the database, not by a check before the insert."""

import threading

import pytest
from django.db import connection

from companies.models import Company
from tests.conftest import make_caller


@pytest.mark.django_db(transaction=True, serialized_rollback=True)
def test_concurrent_creations_of_one_code_give_one_company_and_409s():
    callers = [make_caller() for _ in range(8)]
    barrier = threading.Barrier(len(callers))
    statuses = []

    def create(caller):
        try:
            barrier.wait()
            response = caller.post(
                "/companies", {"name": "Racer", "companyCode": "RCE"}, format="json"
            )
            statuses.append((response.status_code, response.json().get("message")))
        finally:
            connection.close()

    threads = [threading.Thread(target=create, args=(caller,)) for caller in callers]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()

    assert (
        sorted(statuses)
        == [(201, "Request successful")] + [(409, "companyCode already exists")] * 7
    )
    assert Company.objects.filter(code="RCE").count() == 1
