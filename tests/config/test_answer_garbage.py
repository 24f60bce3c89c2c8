"""An answer is freed once it is sent, not left to the cyclic garbage collector.

DRF leaves an answer in reference cycles (its view holds it; its renderer context holds the
view and the answer itself), so a list's rows outlived the request until a collection found
them: about 90,000 objects per list of 1,000 orders, and a collection of several lists' worth
every few requests (companies.api.idempotency breaks the cycles). A write's request and the
strict readings of its body's fields were in cycles too: the collections they called for, every
few hundred writes, were the writes' slowest answers (bench/writes.py)."""

import gc

import orjson
import pytest
from django.test import RequestFactory
from django.test.client import ClientHandler

from tests.factories import (
    CatalogItemFactory,
    CompanyFactory,
    HardwareFactory,
    HardwareRequestFactory,
    OrderFactory,
)

pytestmark = pytest.mark.django_db


def garbage_of(answer) -> list:
    """What the cyclic garbage collector finds after `answer()`, saved for the test to read."""
    gc.collect()
    gc.disable()
    gc.set_debug(gc.DEBUG_SAVEALL)
    try:
        answer()
        gc.collect()
        return list(gc.garbage)
    finally:
        gc.set_debug(0)
        gc.garbage.clear()
        gc.enable()


def is_rows(value) -> bool:
    return isinstance(value, dict) and "id" in value


@pytest.mark.parametrize("path", ["/orders", "/hardwares", "/companies"])
def test_a_list_answered_leaves_none_of_its_rows_to_the_collector(caller, path):
    company = CompanyFactory(api_client=caller.api_client)
    for _ in range(3):
        HardwareRequestFactory(order=OrderFactory(company=company))
        HardwareFactory(company=company)
    request = RequestFactory().get(
        path, {"companyCode": company.code}, HTTP_AUTHORIZATION=f"Bearer {caller.raw_key}"
    )
    # The test client's own handler (which closes the answer itself): the request's database
    # connection stays the test's.
    handler = ClientHandler()

    def answer():
        response = handler(request.environ)
        assert response.status_code == 200
        assert len(orjson.loads(response.content)["envelop"]) > 0

    answer()  # the first answer of a process sets up what stays

    garbage = garbage_of(answer)

    # None of the answer's rows.
    answered = [each for each in garbage if is_rows(each)]
    assert answered == []
    # Nor the request: the view and its content negotiator are what is left, a few objects.
    assert len(garbage) < 20


def test_a_write_leaves_nothing_to_the_collector(caller):
    company = CompanyFactory(api_client=caller.api_client)
    model = CatalogItemFactory(country_code="US")
    body = {
        "companyCode": company.code,
        "countryCode": "US",
        "sendTo": "STORAGE",
        "hardwares": [{"catalogModelId": str(model.id), "amount": 1}],
    }
    handler = ClientHandler()

    def answer():
        request = RequestFactory().post(
            "/orders/quote",
            orjson.dumps(body),
            content_type="application/json",
            HTTP_AUTHORIZATION=f"Bearer {caller.raw_key}",
        )
        response = handler(request.environ)
        assert response.status_code == 201

    answer()

    garbage = garbage_of(answer)

    kinds = {type(each).__name__ for each in garbage}
    # Django's request, DRF's and the view held each other, and all they were given.
    assert not kinds & {"WSGIRequest", "Request", "OrderQuoteView"}
    # Each field of the body held its own strict reading, a closure over the field.
    assert not [each for each in garbage if "to_internal_value" in repr(each)]
    # The body's serializers held their fields, which held them.
    assert not kinds & {"QuoteSerializer", "QuoteLineSerializer", "BindingDict", "CharField"}
    assert garbage == []
