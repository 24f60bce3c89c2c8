"""An item's life through the API (issue 32): its data wipes and their certificates
(GET /hardwares/{hardwareId}/wipes, .../wipes/{wipeId}/certificate), the sandbox's wipe
(POST /sandbox/hardwares/{hardwareId}/wipe), retiring and reinstating it
(POST /hardwares/{hardwareId}/retire, .../reinstate), and the lists' `lifecycle` criterion;
with the webhooks they send, at a real local receiver."""

import hashlib
import io
import uuid
from urllib.parse import urlsplit

import pytest
from django.utils import timezone
from pypdf import PdfReader
from standardwebhooks.webhooks import Webhook

from hardware.models import Hardware, Storage
from tests.factories import CompanyFactory, EmployeeFactory, HardwareFactory, MovementRequestFactory
from tests.receivers import Receiver
from tests.support import assert_refused, success

pytestmark = pytest.mark.django_db

HARDWARE_NOT_FOUND = "Hardware not found"
INVALID_LIFECYCLE = "Invalid lifecycle: expected ACTIVE, AWAITING_WIPE or RETIRED"
NOT_REINSTATABLE = "only an item retired as LOST or STOLEN (found again) can be reinstated"
REASONS = ["LOST", "STOLEN", "DISPOSED", "RECYCLED", "SOLD", "DONATED"]


@pytest.fixture
def company(caller):
    return CompanyFactory(api_client=caller.api_client, code="LIF", name="Lifecycle Co")


@pytest.fixture
def receiver(settings, company):
    """A local webhook receiver, the company's webhookUrl."""
    settings.WEBHOOK_ALLOW_PRIVATE_NETWORKS = True
    receiver = Receiver(200)
    company.webhook_url = receiver.url
    company.save()
    yield receiver
    receiver.close()


@pytest.fixture
def sent(django_capture_on_commit_callbacks, eager_tasks):
    """`with sent():` delivers what the block committed, at its end, to the receiver."""
    return lambda: django_capture_on_commit_callbacks(execute=True)


def delivered(receiver, company) -> list[tuple[str, dict]]:
    """The webhooks the receiver was sent, each checked against the company's signature, as
    (type, data)."""
    told = []
    for request in receiver.requests:
        headers = {name.lower(): value for name, value in request["headers"].items()}
        payload = Webhook(company.webhook_secret).verify(request["body"], headers)
        told.append((payload["type"], payload["data"]))
    return told


# --- calls, as a client makes them ---------------------------------------------------------------


def read_item(client, hardware_id, company_code="LIF") -> dict:
    response = client.get(f"/hardwares/{hardware_id}", {"companyCode": company_code})
    assert response.status_code == 200, response.json()
    [item] = response.json()["envelop"]
    return item


def list_wipes(client, hardware_id, company_code="LIF"):
    return client.get(f"/hardwares/{hardware_id}/wipes", {"companyCode": company_code})


def certificate(client, hardware_id, wipe_id, company_code="LIF"):
    path = f"/hardwares/{hardware_id}/wipes/{wipe_id}/certificate"
    return client.get(path, {"companyCode": company_code})


def sandbox_wipe(client, hardware_id, method="PURGE", company_code="LIF"):
    body = {"companyCode": company_code, "method": method}
    return client.post(f"/sandbox/hardwares/{hardware_id}/wipe", body, format="json")


def retire(client, hardware_id, reason="LOST", company_code="LIF", **fields):
    body = {"companyCode": company_code, "reason": reason, **fields}
    return client.post(f"/hardwares/{hardware_id}/retire", body, format="json")


def reinstate(client, hardware_id, company_code="LIF", **fields):
    body = {"companyCode": company_code, **fields}
    return client.post(f"/hardwares/{hardware_id}/reinstate", body, format="json")


def wiped(client, hardware_id, method="PURGE", company_code="LIF") -> dict:
    """A wipe recorded through the sandbox, as its answer shows it."""
    response = sandbox_wipe(client, hardware_id, method, company_code)
    assert response.status_code == 201, response.json()
    [wipe] = response.json()["envelop"]
    return wipe


def returned_for_a_wipe(caller, company, **item_fields) -> str:
    """The id of an item an employee returned to storage by an offboarding asking for a wipe
    (handled by the company: DONE at once), AWAITING_WIPE."""
    employee = EmployeeFactory(company=company)
    item = HardwareFactory(company=company, employee=employee, on_employee=True, **item_fields)
    body = {
        "companyCode": company.code,
        "employeeEmail": employee.email,
        "handledBy": "COMPANY",
        "wipe": True,
        "hardwares": {"hardwareIds": [str(item.id)]},
    }
    response = caller.post("/movement_requests/offboarding", {"data": body}, format="json")
    assert response.status_code == 201, response.json()
    assert response.json()["envelop"][0]["status"] == "DONE"
    return str(item.id)


def carried_away(company, hardware_id):
    """An open movement request (PROCESSING) carrying the item, as an onboarding leaves it."""
    item = Hardware.objects.get(pk=hardware_id)
    item.in_movement = True
    item.save()
    return MovementRequestFactory(company=company, hardwares=[item])


def in_storage(company, **fields) -> str:
    return str(HardwareFactory(company=company, **fields).id)


def with_an_employee(company, **fields) -> str:
    return str(HardwareFactory(company=company, on_employee=True, **fields).id)


# --- the sandbox's wipe ----------------------------------------------------------------------


def test_a_purge_makes_an_item_awaiting_its_wipe_active_and_sends_hardware_wiped(
    caller, company, receiver, sent, settings
):
    # One base for the answers and the events, so the webhook's item is the read's.
    settings.PUBLIC_BASE_URL = "https://hlos.example.com"
    hardware_id = returned_for_a_wipe(caller, company)
    assert read_item(caller, hardware_id)["lifecycle"] == "AWAITING_WIPE"

    with sent():
        response = sandbox_wipe(caller, hardware_id, "PURGE")

    assert response.status_code == 201
    [wipe] = response.json()["envelop"]
    assert response.json() == success(
        [
            {
                "id": wipe["id"],
                "method": "PURGE",
                "tool": "Sandbox eraser",
                "performedAt": wipe["performedAt"],
                "performedBy": "Operations",
                "verified": True,
                "certificateSha256": wipe["certificateSha256"],
                "certificateUrl": f"https://hlos.example.com/hardwares/{hardware_id}/wipes/"
                f"{wipe['id']}/certificate?companyCode=LIF",
            }
        ],
        201,
    )
    item = read_item(caller, hardware_id)
    assert (item["lifecycle"], item["status"], item["retiredReason"]) == ("ACTIVE", "STORAGE", None)
    assert delivered(receiver, company) == [("hardware.wiped", item)]


def test_a_destroy_retires_the_item_as_disposed_and_sends_hardware_retired_then_wiped(
    caller, company, receiver, sent
):
    hardware_id = returned_for_a_wipe(caller, company)

    with sent():
        wipe = wiped(caller, hardware_id, "DESTROY")

    assert wipe["method"] == "DESTROY"
    item = read_item(caller, hardware_id)
    assert (item["lifecycle"], item["retiredReason"], item["status"]) == (
        "RETIRED",
        "DISPOSED",
        "STORAGE",
    )
    assert item["retiredAt"] is not None
    told = delivered(receiver, company)
    assert [kind for kind, _ in told] == ["hardware.retired", "hardware.wiped"]
    assert [(data["id"], data["lifecycle"]) for _, data in told] == [
        (hardware_id, "RETIRED"),
        (hardware_id, "RETIRED"),
    ]


def test_an_active_item_in_storage_can_be_wiped_and_stays_active(caller, company):
    hardware_id = in_storage(company)

    wiped(caller, hardware_id, "CLEAR")

    assert read_item(caller, hardware_id)["lifecycle"] == "ACTIVE"


@pytest.mark.parametrize(
    ("where", "problem"),
    [
        ("employee", "is with an employee: only an item in storage can be wiped"),
        ("retired", "is retired: a retired item is not wiped"),
        (
            "movement",
            "is in open movement request {movement}: cancel it, or wait until it is DONE, "
            "before wiping it",
        ),
    ],
)
def test_a_wipe_is_refused_for_an_item_not_resting_in_storage(caller, company, where, problem):
    hardware_id = with_an_employee(company) if where == "employee" else in_storage(company)
    if where == "retired":
        assert retire(caller, hardware_id, "SOLD").status_code == 200
    movement = carried_away(company, hardware_id).id if where == "movement" else None
    before = read_item(caller, hardware_id)

    response = sandbox_wipe(caller, hardware_id, "PURGE")

    assert_refused(response, 400, f"Hardware {hardware_id} {problem.format(movement=movement)}")
    assert read_item(caller, hardware_id) == before
    assert list_wipes(caller, hardware_id).json()["envelop"] == []


@pytest.mark.parametrize(
    ("method", "message"),
    [
        (None, "method should not be empty"),
        ("", "method should not be empty"),
        ("SHRED", '"SHRED" is not a valid choice; expected one of: CLEAR, PURGE, DESTROY'),
    ],
)
def test_a_sandbox_wipe_needs_one_of_the_methods(caller, company, method, message):
    hardware_id = in_storage(company)
    body = {"companyCode": "LIF"} if method is None else {"companyCode": "LIF", "method": method}

    response = caller.post(f"/sandbox/hardwares/{hardware_id}/wipe", body, format="json")

    assert_refused(response, 400, "Invalid request data", [{"field": "method", "message": message}])


@pytest.mark.parametrize("keyed", [True, False])
def test_in_production_the_sandbox_wipe_is_an_unknown_path(
    caller, anonymous, company, settings, keyed
):
    hardware_id = in_storage(company)
    environment, settings.ENVIRONMENT = settings.ENVIRONMENT, "production"

    response = sandbox_wipe(caller if keyed else anonymous, hardware_id)

    path = f"/sandbox/hardwares/{hardware_id}/wipe"
    assert_refused(response, 404, f"Cannot POST {path}: no such endpoint")
    settings.ENVIRONMENT = environment
    assert list_wipes(caller, hardware_id).json()["envelop"] == []


# --- an item's wipes and their certificates --------------------------------------------------


def test_the_wipes_are_listed_oldest_first_and_each_certificate_is_its_pdf(caller, company):
    hardware_id = in_storage(company, serial_number="SN-WIPE-0042")
    first = wiped(caller, hardware_id, "CLEAR")
    second = wiped(caller, hardware_id, "PURGE")

    response = list_wipes(caller, hardware_id)

    assert response.json() == success([first, second])
    assert first["performedAt"] <= second["performedAt"]
    for wipe in (first, second):
        address = urlsplit(wipe["certificateUrl"])
        assert (address.scheme, address.netloc, address.query) == (
            "http",
            "testserver",
            "companyCode=LIF",
        )
        # The certificate downloads where the wipe says, with the API key.
        download = caller.get(address.path, {"companyCode": "LIF"})
        assert download.status_code == 200
        assert download["Content-Type"] == "application/pdf"
        assert download["Content-Disposition"] == (
            f'attachment; filename="wipe-certificate-{wipe["id"]}.pdf"'
        )
        assert hashlib.sha256(download.content).hexdigest() == wipe["certificateSha256"]
        assert download["X-Certificate-SHA256"] == wipe["certificateSha256"]
        text = "".join(
            page.extract_text() for page in PdfReader(io.BytesIO(download.content)).pages
        )
        assert "SN-WIPE-0042" in text
        assert wipe["method"] in text
        assert wipe["id"] in text


def test_an_item_never_wiped_has_no_wipes(caller, company):
    hardware_id = in_storage(company)

    assert list_wipes(caller, hardware_id).json() == success([])


def test_a_certificate_is_that_of_a_wipe_of_the_item_named(caller, company):
    hardware_id, other_id = in_storage(company), in_storage(company)
    wipe = wiped(caller, other_id)

    assert_refused(certificate(caller, hardware_id, wipe["id"]), 404, "Wipe not found")
    assert_refused(certificate(caller, hardware_id, uuid.uuid4()), 404, "Wipe not found")


def test_malformed_ids_are_refused(caller, company):
    hardware_id = in_storage(company)

    assert_refused(list_wipes(caller, "nope"), 400, "Invalid hardware ID format")
    assert_refused(certificate(caller, "nope", uuid.uuid4()), 400, "Invalid hardware ID format")
    assert_refused(certificate(caller, hardware_id, "nope"), 400, "Invalid wipe ID format")
    assert_refused(retire(caller, "nope"), 400, "Invalid hardware ID format")
    assert_refused(reinstate(caller, "nope"), 400, "Invalid hardware ID format")
    assert_refused(sandbox_wipe(caller, "nope"), 400, "Invalid hardware ID format")


def test_a_certificate_needs_the_api_key(caller, anonymous, company):
    hardware_id = in_storage(company)
    wipe = wiped(caller, hardware_id)

    response = anonymous.get(urlsplit(wipe["certificateUrl"]).path, {"companyCode": "LIF"})

    assert_refused(response, 401, "Unauthorized access")


# --- tenancy ---------------------------------------------------------------------------------


OPERATIONS = {
    "wipes": lambda client, hardware_id, wipe_id: list_wipes(client, hardware_id),
    "certificate": lambda client, hardware_id, wipe_id: certificate(client, hardware_id, wipe_id),
    "retire": lambda client, hardware_id, wipe_id: retire(client, hardware_id),
    "reinstate": lambda client, hardware_id, wipe_id: reinstate(client, hardware_id),
    "sandbox wipe": lambda client, hardware_id, wipe_id: sandbox_wipe(client, hardware_id),
}


@pytest.fixture
def others_wiped_item(other_caller):
    """An item of another client's company, wiped and retired as LOST: (its id, its wipe's)."""
    hardware_id = in_storage(CompanyFactory(api_client=other_caller.api_client, code="OTH"))
    wipe = wiped(other_caller, hardware_id, "CLEAR", company_code="OTH")
    assert retire(other_caller, hardware_id, "LOST", company_code="OTH").status_code == 200
    return hardware_id, wipe["id"]


@pytest.mark.parametrize("operation", OPERATIONS)
def test_another_companys_item_is_not_found_and_left_as_it_was(
    caller, other_caller, company, others_wiped_item, operation
):
    hardware_id, wipe_id = others_wiped_item
    before = read_item(other_caller, hardware_id, "OTH")

    response = OPERATIONS[operation](caller, hardware_id, wipe_id)

    assert_refused(response, 404, HARDWARE_NOT_FOUND)
    assert read_item(other_caller, hardware_id, "OTH") == before
    assert len(list_wipes(other_caller, hardware_id, "OTH").json()["envelop"]) == 1


@pytest.mark.parametrize("operation", OPERATIONS)
def test_an_unknown_item_is_not_found(caller, company, operation):
    response = OPERATIONS[operation](caller, uuid.uuid4(), uuid.uuid4())

    assert_refused(response, 404, HARDWARE_NOT_FOUND)


@pytest.mark.parametrize("operation", OPERATIONS)
def test_another_clients_company_code_is_refused(caller, company, others_wiped_item, operation):
    hardware_id, wipe_id = others_wiped_item
    calls = {
        "wipes": lambda: list_wipes(caller, hardware_id, "OTH"),
        "certificate": lambda: certificate(caller, hardware_id, wipe_id, "OTH"),
        "retire": lambda: retire(caller, hardware_id, company_code="OTH"),
        "reinstate": lambda: reinstate(caller, hardware_id, company_code="OTH"),
        "sandbox wipe": lambda: sandbox_wipe(caller, hardware_id, company_code="OTH"),
    }

    assert_refused(calls[operation](), 400, "Invalid company code")


# --- retiring --------------------------------------------------------------------------------


@pytest.mark.parametrize("reason", REASONS)
def test_retiring_marks_the_item_retired_where_it_is_and_answers_it_as_read(
    caller, company, reason
):
    hardware_id = in_storage(company)

    response = retire(caller, hardware_id, reason, note="Gone for good")

    assert response.status_code == 200
    item = read_item(caller, hardware_id)
    assert response.json() == success([item])
    assert (item["lifecycle"], item["retiredReason"], item["status"]) == (
        "RETIRED",
        reason,
        "STORAGE",
    )
    assert item["retiredAt"] is not None


def test_an_item_lost_by_its_employee_stays_theirs_and_sends_hardware_retired(
    caller, company, receiver, sent, settings
):
    settings.PUBLIC_BASE_URL = "https://hlos.example.com"
    hardware_id = with_an_employee(company)
    holder = read_item(caller, hardware_id)["employeeProfile"]

    with sent():
        response = retire(caller, hardware_id, "LOST", note="Left in a taxi")

    assert response.status_code == 200
    item = read_item(caller, hardware_id)
    assert (item["lifecycle"], item["retiredReason"], item["status"]) == (
        "RETIRED",
        "LOST",
        "EMPLOYEE",
    )
    assert item["employeeProfile"] == holder
    assert delivered(receiver, company) == [("hardware.retired", item)]


def test_retiring_is_refused_while_an_open_movement_request_carries_the_item(caller, company):
    hardware_id = in_storage(company)
    movement = carried_away(company, hardware_id)
    before = read_item(caller, hardware_id)

    response = retire(caller, hardware_id, "STOLEN")

    assert_refused(
        response,
        400,
        f"Hardware {hardware_id} is in open movement request {movement.id}: cancel it, or wait "
        "until it is DONE, before retiring the item",
    )
    assert read_item(caller, hardware_id) == before


def test_retiring_a_retired_item_is_refused_naming_its_reason(caller, company):
    hardware_id = in_storage(company)
    assert retire(caller, hardware_id, "SOLD").status_code == 200
    before = read_item(caller, hardware_id)

    response = retire(caller, hardware_id, "LOST")

    assert_refused(response, 400, f"Hardware {hardware_id} is retired already (SOLD)")
    assert read_item(caller, hardware_id) == before


@pytest.mark.parametrize(
    ("fields", "field", "message"),
    [
        ({"reason": None}, "reason", "reason should not be empty"),
        ({"reason": " "}, "reason", "reason should not be empty"),
        (
            {"reason": "BROKEN"},
            "reason",
            '"BROKEN" is not a valid choice; expected one of: ' + ", ".join(REASONS),
        ),
        ({"note": ""}, "note", "note should not be empty"),
        ({"note": "x" * 501}, "note", "Ensure this field has no more than 500 characters."),
    ],
    ids=["no reason", "blank reason", "unknown reason", "blank note", "long note"],
)
def test_a_retirement_needs_a_reason_and_at_most_a_short_note(
    caller, company, fields, field, message
):
    hardware_id = in_storage(company)
    body = {"companyCode": "LIF", "reason": "LOST", **fields}
    body = {key: value for key, value in body.items() if value is not None}

    response = caller.post(f"/hardwares/{hardware_id}/retire", body, format="json")

    assert_refused(response, 400, "Invalid request data", [{"field": field, "message": message}])
    assert read_item(caller, hardware_id)["lifecycle"] == "ACTIVE"


def test_a_note_of_500_characters_is_taken(caller, company):
    hardware_id = in_storage(company)

    assert retire(caller, hardware_id, "SOLD", note="x" * 500).status_code == 200


# --- reinstating -----------------------------------------------------------------------------


@pytest.mark.parametrize("reason", ["LOST", "STOLEN"])
def test_an_item_found_again_is_active_in_the_storage_of_its_country(
    caller, company, receiver, sent, reason
):
    hardware_id = with_an_employee(company, country_code="DE")
    assert retire(caller, hardware_id, reason).status_code == 200

    with sent():
        response = reinstate(caller, hardware_id, note="Handed in at the office")

    assert response.status_code == 200
    item = read_item(caller, hardware_id)
    assert response.json() == success([item])
    eu_storage = Storage.objects.get(country_code="EU")
    assert {key: item[key] for key in ("lifecycle", "retiredReason", "retiredAt", "status")} == {
        "lifecycle": "ACTIVE",
        "retiredReason": None,
        "retiredAt": None,
        "status": "STORAGE",
    }
    assert (item["employeeProfile"], item["storage"]) == (
        None,
        {"id": str(eu_storage.id), "countryCode": "EU"},
    )
    told = delivered(receiver, company)
    assert [(kind, data["id"], data["lifecycle"]) for kind, data in told] == [
        ("hardware.updated", hardware_id, "ACTIVE")
    ]


@pytest.mark.parametrize("reason", ["DISPOSED", "RECYCLED", "SOLD", "DONATED"])
def test_an_item_retired_for_good_cannot_be_reinstated(caller, company, reason):
    hardware_id = in_storage(company)
    assert retire(caller, hardware_id, reason).status_code == 200
    before = read_item(caller, hardware_id)

    response = reinstate(caller, hardware_id)

    assert_refused(
        response, 400, f"Hardware {hardware_id} was retired as {reason}: {NOT_REINSTATABLE}"
    )
    assert read_item(caller, hardware_id) == before


def test_an_item_not_retired_cannot_be_reinstated(caller, company):
    hardware_id = returned_for_a_wipe(caller, company)

    response = reinstate(caller, hardware_id)

    assert_refused(response, 400, f"Hardware {hardware_id} is not retired")
    assert read_item(caller, hardware_id)["lifecycle"] == "AWAITING_WIPE"


# --- the lists' lifecycle criterion ----------------------------------------------------------


@pytest.fixture
def lives(company):
    """Items of the company at each point of their life, by name: their ids."""
    retired = {"lifecycle": "RETIRED", "retired_reason": "LOST", "retired_at": timezone.now()}
    return {
        "active": in_storage(company),
        "awaiting": in_storage(company, lifecycle="AWAITING_WIPE"),
        "retired in storage": in_storage(company, **retired),
        "retired with an employee": with_an_employee(company, **retired),
    }


def listed(client, path, **criteria) -> set[str]:
    response = client.get(path, {"companyCode": "LIF", **criteria})
    assert response.status_code == 200, response.json()
    return {item["id"] for item in response.json()["envelop"]}


@pytest.mark.parametrize(
    ("path", "lifecycle", "names"),
    [
        ("/hardwares", "RETIRED", {"retired in storage", "retired with an employee"}),
        ("/hardwares", "retired", {"retired in storage", "retired with an employee"}),
        ("/hardwares", "AWAITING_WIPE", {"awaiting"}),
        ("/hardwares", "ACTIVE", {"active"}),
        ("/hardwares/storages", "RETIRED", {"retired in storage"}),
        ("/hardwares/storages", "ACTIVE", {"active"}),
    ],
)
def test_the_lists_filter_by_lifecycle(caller, lives, path, lifecycle, names):
    assert listed(caller, path, lifecycle=lifecycle) == {lives[name] for name in names}


@pytest.mark.parametrize(
    ("path", "elsewhere"),
    [("/hardwares", set()), ("/hardwares/storages", {"retired with an employee"})],
)
def test_the_lists_show_every_lifecycle_without_the_criterion(caller, lives, path, elsewhere):
    expected = {hardware_id for name, hardware_id in lives.items() if name not in elsewhere}
    assert listed(caller, path) == expected


@pytest.mark.parametrize("path", ["/hardwares", "/hardwares/storages"])
def test_the_lists_refuse_an_unknown_lifecycle(caller, company, path):
    response = caller.get(path, {"companyCode": "LIF", "lifecycle": "LOST"})

    assert_refused(response, 400, INVALID_LIFECYCLE)
