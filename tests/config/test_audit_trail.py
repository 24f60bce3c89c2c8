"""The audit trail's capture (issue 28): every write to an audited record leaves a row with who
made it, through what, in which request and why, whatever path made it; a write rolled back
leaves none. Rows are read from the audit tables, as the audit's readers read them."""

import pytest
from celery import shared_task
from django.apps import apps
from django.core.management import CommandError, call_command
from django.db import transaction

from companies.models import Company
from config.kernel.audit import OPERATOR_NAME, REASON_MAX_LENGTH, Source, change_context
from hardware.models import Hardware
from orders.models import Order
from tests.factories import (
    CatalogItemFactory,
    CompanyFactory,
    HardwareFactory,
    HardwareRequestFactory,
    OrderFactory,
)
from tests.orders.test_order_admin import change_page, page_form
from tests.orders.test_quote import MOUSE
from tests.support import assert_refused
from tests.workers import wait_for, worker_thread

pytestmark = pytest.mark.django_db


def trail(model, record, label=None) -> list:
    """The audit rows of `record` (oldest first), as (action, context) pairs."""
    events = apps.get_model(model._meta.app_label, f"{model.__name__}AuditEvent").objects
    rows = events.filter(pgh_obj_id=record.pk).order_by("pgh_id")
    if label is not None:
        rows = rows.filter(pgh_label=label)
    return [(row.pgh_label, row.pgh_context) for row in rows]


def last_change(model, record) -> dict:
    [*_, (action, context)] = trail(model, record, "UPDATED")
    assert action == "UPDATED"
    return context


def test_an_api_write_is_the_clients_with_its_request_id_key_and_reason(caller):
    company = CompanyFactory(api_client=caller.api_client, code="AUD")

    response = caller.patch(
        "/companies/AUD",
        {"name": "Audited Inc"},
        format="json",
        HTTP_X_CHANGE_REASON="Renamed after the merger (ticket 42)",
        HTTP_IDEMPOTENCY_KEY="rename-aud-1",
    )

    assert response.status_code == 200
    assert last_change(Company, company) == {
        "source": "API",
        "actorType": "API_CLIENT",
        "actorName": caller.api_client.name,
        "apiClientId": str(caller.api_client.pk),
        "requestId": response["X-Request-ID"],
        "idempotencyKey": "rename-aud-1",
        "reason": "Renamed after the merger (ticket 42)",
    }


def test_a_reason_in_utf8_is_kept_as_written(caller):
    company = CompanyFactory(api_client=caller.api_client, code="UTF")
    reason = "Réorganisation — équipe IT"

    caller.patch(
        "/companies/UTF",
        {"name": "Renamed"},
        format="json",
        HTTP_X_CHANGE_REASON=reason.encode().decode("latin-1"),  # as WSGI hands it over
    )

    assert last_change(Company, company)["reason"] == reason


def test_a_reason_whose_bytes_are_not_utf8_is_read_as_latin1(caller):
    company = CompanyFactory(api_client=caller.api_client, code="LAT")

    caller.patch("/companies/LAT", {"name": "R"}, format="json", HTTP_X_CHANGE_REASON="caf\xe9")

    assert last_change(Company, company)["reason"] == "café"


def test_the_gateway_judges_a_reason_whatever_the_call(caller):
    CompanyFactory(api_client=caller.api_client, code="GWR")
    body = {"verb": "GET", "request": "companies", "vendor": "hlos"}

    response = caller.post("/gateway", body, format="json", HTTP_X_CHANGE_REASON="bad\x01")

    assert_refused(response, 400, "Invalid X-Change-Reason")


def test_a_write_through_the_gateway_carries_the_same_context(caller):
    company = CompanyFactory(api_client=caller.api_client, code="GWY")
    body = {"verb": "PATCH", "request": "companies/GWY", "vendor": "hlos", "data": {"name": "G"}}

    response = caller.post("/gateway", body, format="json", HTTP_X_CHANGE_REASON="Via gateway")

    assert response.status_code == 200
    context = last_change(Company, company)
    assert (context["source"], context["actorType"], context["reason"]) == (
        "API",
        "API_CLIENT",
        "Via gateway",
    )
    assert context["requestId"] == response["X-Request-ID"]


@pytest.mark.parametrize(
    "reason",
    ["", "x" * (REASON_MAX_LENGTH + 1), "line one\nline two", "tab\there"],
    ids=["empty", "too-long", "newline", "tab"],
)
def test_a_malformed_reason_is_refused_and_nothing_is_written(caller, reason):
    company = CompanyFactory(api_client=caller.api_client, code="BAD", name="Before")

    response = caller.patch(
        "/companies/BAD", {"name": "After"}, format="json", HTTP_X_CHANGE_REASON=reason
    )

    assert_refused(response, 400, "Invalid X-Change-Reason")
    company.refresh_from_db()
    assert company.name == "Before"
    assert trail(Company, company, "UPDATED") == []


def test_a_read_leaves_nothing_on_the_trail(caller):
    # Authenticating moves the key's last use, which is no change anyone made.
    ApiKeyAuditEvent = apps.get_model("companies", "ApiKeyAuditEvent")
    before = ApiKeyAuditEvent.objects.count()

    assert caller.get("/companies").status_code == 200
    assert ApiKeyAuditEvent.objects.count() == before


def test_every_row_a_request_writes_carries_its_reason(caller):
    CompanyFactory(api_client=caller.api_client, code="ORD")
    body = {"companyCode": "ORD", "countryCode": "US", "sendTo": "STORAGE", "hardwares": [MOUSE]}

    response = caller.post(
        "/orders/quote", body, format="json", HTTP_X_CHANGE_REASON="Q3 peripherals"
    )

    assert response.status_code == 201
    order = Order.objects.get(pk=response.json()["envelop"][0]["id"])
    [line] = order.hardware_requests.all()
    for model, record in ((Order, order), (type(line), line)):
        [(action, context)] = trail(model, record)
        assert (action, context["reason"]) == ("CREATED", "Q3 peripherals")


def test_an_admin_page_save_is_the_operators(admin_client, admin_user):
    order = OrderFactory()
    mouse = CatalogItemFactory(name="MX Master 3S", hardware_type="MOUSE")
    HardwareRequestFactory(order=order, amount=1, catalog_item=mouse, model=mouse.name)
    form = page_form(admin_client.get(change_page(order)))

    admin_client.post(change_page(order), {**form, "_save_and_mark": "QUOTED"})

    context = last_change(Order, order)
    assert {key: context[key] for key in ("source", "actorType", "actorName")} == {
        "source": "ADMIN",
        "actorType": "OPERATOR",
        "actorName": OPERATOR_NAME,
    }
    assert (context["operatorId"], context["operatorName"]) == (admin_user.pk, admin_user.username)


def test_a_command_is_on_the_trail_by_its_name_with_its_reason():
    order = OrderFactory()
    HardwareRequestFactory(order=order, quoted_unit_price="10.00")

    call_command("transition", "order", str(order.order_number), "QUOTED", reason="Phoned in")

    context = last_change(Order, order)
    assert context == {
        "source": "COMMAND",
        "actorType": "COMMAND",
        "actorName": "transition",
        "reason": "Phoned in",
    }


@shared_task(name="tests.rename_company")
def rename_company(company_id: str, name: str) -> None:
    Company.objects.filter(pk=company_id).update(name=name)


@pytest.mark.django_db(transaction=True, serialized_rollback=True)
def test_a_workers_write_is_the_systems_under_the_tasks_name():
    company = CompanyFactory(name="Before")

    with worker_thread():
        rename_company.delay(str(company.pk), "Renamed by a task")
        wait_for(lambda: trail(Company, company, "UPDATED"))

    context = last_change(Company, company)
    assert {key: context[key] for key in ("source", "actorType", "actorName")} == {
        "source": "WORKER",
        "actorType": "SYSTEM",
        "actorName": "tests.rename_company",
    }


def test_a_queryset_update_is_on_the_trail():
    items = HardwareFactory.create_batch(2)

    with change_context(Source.COMMAND, actorType="COMMAND", actorName="fix"):
        Hardware.objects.filter(pk__in=[item.pk for item in items]).update(description="Fixed")

    for item in items:
        assert trail(Hardware, item, "UPDATED")[-1][1]["actorName"] == "fix"


def test_a_write_rolled_back_leaves_nothing():
    company = CompanyFactory(name="Before")

    with pytest.raises(RuntimeError), transaction.atomic():
        Company.objects.filter(pk=company.pk).update(name="Never")
        raise RuntimeError("undone")

    assert trail(Company, company, "UPDATED") == []
    assert [action for action, _ in trail(Company, company)] == ["CREATED"]


# --- a company that requires a reason ---------------------------------------------------------


def test_a_company_may_require_a_reason_for_its_writes(caller):
    company = CompanyFactory(api_client=caller.api_client, code="REQ")
    turned_on = caller.patch("/companies/REQ", {"requireChangeReason": True}, format="json")
    assert turned_on.status_code == 200
    assert turned_on.json()["envelop"][0]["requireChangeReason"] is True

    without = caller.patch("/companies/REQ", {"name": "Unexplained"}, format="json")
    quote = {"companyCode": "REQ", "countryCode": "US", "sendTo": "STORAGE", "hardwares": [MOUSE]}
    quoted_without = caller.post("/orders/quote", quote, format="json")
    with_reason = caller.patch(
        "/companies/REQ", {"name": "Explained"}, format="json", HTTP_X_CHANGE_REASON="Rebrand"
    )

    assert_refused(without, 400, "X-Change-Reason is required for this company")
    assert_refused(quoted_without, 400, "X-Change-Reason is required for this company")
    assert not Order.objects.filter(company=company).exists()
    assert with_reason.status_code == 200
    assert last_change(Company, company)["reason"] == "Rebrand"
    # Reads need none.
    assert caller.get("/orders", {"companyCode": "REQ"}).status_code == 200


def test_another_companys_rule_binds_nobody_else(caller):
    CompanyFactory(api_client=caller.api_client, code="STR", require_change_reason=True)
    CompanyFactory(api_client=caller.api_client, code="LAX")

    response = caller.patch("/companies/LAX", {"name": "No reason needed"}, format="json")

    assert response.status_code == 200


def test_a_commands_malformed_reason_is_refused_before_anything_runs():
    order = OrderFactory()
    HardwareRequestFactory(order=order, quoted_unit_price="10.00")

    with pytest.raises(CommandError, match="Invalid --reason: 1 to 500 characters"):
        call_command("transition", "order", str(order.order_number), "QUOTED", reason="bad\x01")

    order.refresh_from_db()
    assert order.status == "PENDING"
