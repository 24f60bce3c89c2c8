"""Races on company codes are decided by the database, not by a check before the insert."""

from functools import partial

import pytest

from companies.models import Company
from tests.conftest import make_caller
from tests.support import run_together


@pytest.mark.django_db(transaction=True, serialized_rollback=True)
def test_concurrent_creations_of_one_code_give_one_company_and_409s():
    callers = [make_caller() for _ in range(8)]

    def create(caller):
        return caller.post("/companies", {"name": "Racer", "companyCode": "RCE"}, format="json")

    responses = run_together(*(partial(create, caller) for caller in callers))

    assert (
        sorted((response.status_code, response.json().get("message")) for response in responses)
        == [(201, "Request successful")] + [(409, "companyCode already exists")] * 7
    )
    assert Company.objects.filter(code="RCE").count() == 1
