"""Golden files: the requests Entra ID (without and with `?aadOptscim062020`) and Okta send, in
their own shapes and with the attribute mappings the guide documents (tests/scim/golden/),
replayed against the service provider through a person's life: the connection test, the
lookup before the create, the create, a profile update, the leave (and its repeat), the
return, the deletion and the restore.

Each step is judged as the provider sees it (status, headers, the User answered), as the
company's systems see it (the employee through `GET /employees/{id}` with an API key, the
offboarding through `GET /movement_requests`) and as the company is told (the webhook events
recorded). Each golden file is JSON a provider would send; `{id}` stands for the user's id."""

import json
import re
from pathlib import Path

import pytest

from employees.models import Employee
from hardware.choices import HardwareStatus
from hardware.models import Hardware
from logistics.models import MovementRequest
from tests.factories import EmployeeFactory, HardwareFactory
from tests.scim.conftest import (
    COMPANY_CODE,
    EMPLOYEE_SCHEMA,
    LIST_SCHEMA,
    SCIM_MEDIA_TYPE,
    USER_SCHEMA,
    assert_scim_refused,
)
from tests.support import events_recorded

pytestmark = pytest.mark.django_db

GOLDEN = Path(__file__).parent / "golden"
PROVIDERS = ["entra_default", "entra_aadOptscim062020", "okta"]
CREATED, MOVED = "movement_request.created", "movement_request.status_changed"
USER_NAME = "ana.garcia@contoso.example"  # Entra sends it as Ana.Garcia@…; stored lowercase
# The externalId each provider sends at first, and after its update (Entra's mapping sends a
# new one in the golden update; Okta's is its own user id, which never changes).
EXTERNAL_IDS = {
    "entra_default": ("7d1f0c52-6a3e-4b8f-9c21-5e4d3a2b1f00", "E-10442"),
    "entra_aadOptscim062020": ("7d1f0c52-6a3e-4b8f-9c21-5e4d3a2b1f00", "E-10442"),
    "okta": ("00u8k2z5qhYb7xPq4697", "00u8k2z5qhYb7xPq4697"),
}
NEW_YORK = ("New York City", 40.71427, -74.00597)  # what the geocoder makes of "New York"
SAN_FRANCISCO = ("San Francisco", 37.77493, -122.41942)


@pytest.fixture(params=PROVIDERS)
def provider(request) -> str:
    return request.param


@pytest.fixture
def flow(provider) -> dict:
    return json.loads((GOLDEN / f"{provider}.json").read_text())


def replay(idp, step: dict, user_id: str = ""):
    """The golden request, `{id}` (in the path and the body) replaced by the user's id."""
    body = step.get("body")
    if body is not None:
        body = json.loads(json.dumps(body).replace("{id}", user_id))
    path = step["path"].replace("{id}", user_id)
    return idp.scim(step["method"], path, body, query=step.get("query", ""))


def created(idp, flow) -> str:
    response = replay(idp, flow["create"])
    assert response.status_code == 201, response.json()
    return response.json()["id"]


def employee_shown(caller, user_id: str) -> dict:
    """The employee as the company's systems read it: GET /employees/{id} with the API key."""
    response = caller.get(f"/employees/{user_id}", {"companyCode": COMPANY_CODE})
    assert response.status_code == 200, response.json()
    [employee] = response.json()["envelop"]
    return employee


def movements_shown(caller) -> list[dict]:
    response = caller.get("/movement_requests", {"companyCode": COMPANY_CODE})
    assert response.status_code == 200, response.json()
    return response.json()["envelop"]


def holding(company, user_id: str, count: int = 2) -> list[Hardware]:
    """Items the employee holds, as an onboarding leaves them."""
    return HardwareFactory.create_batch(
        count,
        company=company,
        employee=Employee.objects.get(pk=user_id),
        status=HardwareStatus.EMPLOYEE,
        storage=None,
        country_code="US",
    )


def listed_ids(response) -> list[str]:
    assert response.status_code == 200, response.json()
    assert response["Content-Type"] == SCIM_MEDIA_TYPE
    body = response.json()
    assert body["schemas"] == [LIST_SCHEMA]
    assert body["totalResults"] == len(body["Resources"])
    return [user["id"] for user in body["Resources"]]


# --- the connection test and the lookup -----------------------------------------------------


def test_the_connection_test_is_answered_with_a_list_not_an_error(flow, idp, company):
    # Entra looks up a random userName and expects an empty list; Okta lists two users.
    made_by_the_api = EmployeeFactory(company=company)

    response = replay(idp, flow["connectionTest"])

    expected = [] if "filter=" in flow["connectionTest"]["query"] else [str(made_by_the_api.pk)]
    assert listed_ids(response) == expected
    assert (response.json()["startIndex"], response.json()["itemsPerPage"]) == (1, len(expected))


def test_the_lookup_before_the_create_finds_nobody_and_after_it_finds_the_user(flow, idp):
    assert listed_ids(replay(idp, flow["lookup"])) == []

    user_id = created(idp, flow)

    assert listed_ids(replay(idp, flow["lookup"])) == [user_id]


# --- create -----------------------------------------------------------------------------------


def test_the_create_answers_201_with_location_etag_and_makes_the_employee(
    flow, provider, idp, caller, company
):
    response = replay(idp, flow["create"])

    assert response.status_code == 201, response.json()
    assert response["Content-Type"] == SCIM_MEDIA_TYPE
    user = response.json()
    location = f"http://testserver/scim/v2/Users/{user['id']}"
    assert (response["Location"], user["meta"]["location"]) == (location, location)
    assert response["ETag"] == user["meta"]["version"]
    assert re.fullmatch(r'W/"\d+"', user["meta"]["version"])
    assert user["meta"]["resourceType"] == "User"
    assert {key: user[key] for key in ("schemas", "userName", "name", "active", "addresses")} == {
        "schemas": [USER_SCHEMA, EMPLOYEE_SCHEMA],
        "userName": USER_NAME,
        "name": {"givenName": "Ana", "familyName": "García"},
        "active": True,
        "addresses": [
            {
                "type": "work",
                "primary": True,
                "streetAddress": "350 5th Ave",
                "locality": "New York",
                "postalCode": "10118",
                "country": "US",
            }
        ],
    }
    assert user["emails"] == [{"value": USER_NAME, "type": "work", "primary": True}]
    assert user[EMPLOYEE_SCHEMA] == {"governmentDNI": "123-45-6789"}
    assert "password" not in user  # Okta's generated password is accepted and never kept
    employee = employee_shown(caller, user["id"])
    assert {
        key: employee[key]
        for key in (
            "email",
            "firstName",
            "lastName",
            "status",
            "phone",
            "governmentDNI",
            "address",
            "postCode",
            "countryCode",
            "externalReferenceId",
            "companyId",
        )
    } == {
        "email": USER_NAME,
        "firstName": "Ana",
        "lastName": "García",
        "status": "ACTIVE",
        "phone": None,
        "governmentDNI": "123-45-6789",
        "address": "350 5th Ave",
        "postCode": "10118",
        "countryCode": "US",
        "externalReferenceId": EXTERNAL_IDS[provider][0],
        "companyId": str(company.pk),
    }
    assert (employee["city"], employee["lat"], employee["lng"]) == NEW_YORK


def test_the_create_is_on_the_trail_as_the_identity_provider(flow, idp, caller):
    user_id = created(idp, flow)

    response = caller.get(
        "/audit-events",
        {"companyCode": COMPANY_CODE, "targetType": "EMPLOYEE", "targetId": user_id},
    )

    [event] = response.json()["envelop"]
    assert (event["action"], event["actor"]["type"], event["actor"]["name"]) == (
        "CREATED",
        "SCIM",
        "SCIM",
    )


# --- update -----------------------------------------------------------------------------------


def test_the_update_changes_the_employee_and_geocodes_the_new_address(flow, provider, idp, caller):
    user_id = created(idp, flow)
    before = replay(idp, {"method": "GET", "path": "/Users/{id}"}, user_id)

    response = replay(idp, flow["update"], user_id)

    assert response.status_code == 200, response.json()
    user = response.json()
    assert response["ETag"] == user["meta"]["version"] != before["ETag"]
    assert (user["name"], user["phoneNumbers"], user["externalId"]) == (
        {"givenName": "Anna", "familyName": "García"},
        [{"value": "+14155550142", "type": "work"}],
        EXTERNAL_IDS[provider][1],
    )
    assert user["addresses"] == [
        {
            "type": "work",
            "primary": True,
            "streetAddress": "1 Market St",
            "locality": "San Francisco",
            "postalCode": "94105",
            "country": "US",
        }
    ]
    employee = employee_shown(caller, user_id)
    assert {
        key: employee[key]
        for key in ("firstName", "lastName", "phone", "address", "postCode", "externalReferenceId")
    } == {
        "firstName": "Anna",
        "lastName": "García",
        "phone": "+14155550142",
        "address": "1 Market St",
        "postCode": "94105",
        "externalReferenceId": EXTERNAL_IDS[provider][1],
    }
    assert (employee["city"], employee["lat"], employee["lng"]) == SAN_FRANCISCO
    assert employee["status"] == "ACTIVE"
    # What the provider reads back is what it wrote.
    again = replay(idp, {"method": "GET", "path": "/Users/{id}"}, user_id)
    assert again.json() == user


# --- deactivate, again, reactivate ------------------------------------------------------------


def test_the_deactivation_opens_one_offboarding_of_what_they_hold(flow, idp, caller, company):
    user_id = created(idp, flow)
    replay(idp, flow["update"], user_id)
    items = holding(company, user_id)

    response = replay(idp, flow["deactivate"], user_id)

    assert response.status_code == 200, response.json()
    assert response.json()["active"] is False
    assert employee_shown(caller, user_id)["status"] == "DEACTIVATED"
    [shown] = movements_shown(caller)
    assert {
        key: shown[key]
        for key in ("type", "status", "handledBy", "sendTo", "apiClientRequesterName")
    } == {
        "type": "OFFBOARDING",
        "status": "PROCESSING",
        "handledBy": "PROVIDER",
        "sendTo": "STORAGE",
        "apiClientRequesterName": "SCIM",
    }
    assert shown["fromEmployee"]["id"] == user_id
    assert shown["storage"]["countryCode"] == "US"
    offboarding = MovementRequest.objects.get()
    assert set(offboarding.hardwares.all()) == set(items)
    assert set(Hardware.objects.values_list("in_movement", flat=True)) == {True}
    assert list(offboarding.status_history.values_list("status_to", "actor_name")) == [
        ("PROCESSING", "SCIM")
    ]
    assert events_recorded(CREATED) == [(company.pk, str(offboarding.pk), "PROCESSING")]
    # Okta fails servers that answer 404 for deactivated users: it is still there, inactive.
    fetched = replay(idp, {"method": "GET", "path": "/Users/{id}"}, user_id)
    assert (fetched.status_code, fetched.json()["active"]) == (200, False)
    [found] = replay(idp, flow["lookup"]).json()["Resources"]
    assert (found["id"], found["active"]) == (user_id, False)


def test_a_repeated_deactivation_makes_nothing_new(flow, idp, caller, company):
    user_id = created(idp, flow)
    replay(idp, flow["update"], user_id)
    holding(company, user_id)
    replay(idp, flow["deactivate"], user_id)
    offboarding = MovementRequest.objects.get()

    response = replay(idp, flow["deactivateAgain"], user_id)

    assert (response.status_code, response.json()["active"]) == (200, False)
    assert list(MovementRequest.objects.values_list("pk", "status")) == [
        (offboarding.pk, "PROCESSING")
    ]
    assert events_recorded(CREATED) == [(company.pk, str(offboarding.pk), "PROCESSING")]
    assert events_recorded(MOVED) == []
    assert employee_shown(caller, user_id)["status"] == "DEACTIVATED"


def test_the_reactivation_cancels_the_offboarding_still_processing(flow, idp, caller, company):
    user_id = created(idp, flow)
    items = holding(company, user_id)
    replay(idp, flow["deactivate"], user_id)
    offboarding = MovementRequest.objects.get()

    response = replay(idp, flow["reactivate"], user_id)

    assert (response.status_code, response.json()["active"]) == (200, True)
    assert employee_shown(caller, user_id)["status"] == "ACTIVE"
    [shown] = movements_shown(caller)
    assert (shown["id"], shown["status"]) == (str(offboarding.pk), "CANCELLED")
    assert events_recorded(MOVED) == [(company.pk, str(offboarding.pk), "CANCELLED")]
    # The items are theirs again, and no longer on their way back.
    held = Hardware.objects.filter(pk__in=[item.pk for item in items])
    assert set(held.values_list("employee_id", "in_movement", "status")) == {
        (Employee.objects.get(pk=user_id).pk, False, HardwareStatus.EMPLOYEE)
    }


# --- delete and restore -----------------------------------------------------------------------


def test_the_delete_is_the_leave_and_the_user_is_gone_from_scim_only(flow, idp, caller, company):
    user_id = created(idp, flow)
    holding(company, user_id)

    response = replay(idp, flow["delete"], user_id)

    assert (response.status_code, response.content) == (204, b"")
    assert_scim_refused(
        replay(idp, {"method": "GET", "path": "/Users/{id}"}, user_id),
        404,
        f"User {user_id} not found",
    )
    assert listed_ids(replay(idp, flow["lookup"])) == []
    assert employee_shown(caller, user_id)["status"] == "DEACTIVATED"
    [shown] = movements_shown(caller)
    assert (shown["type"], shown["status"], shown["fromEmployee"]["id"]) == (
        "OFFBOARDING",
        "PROCESSING",
        user_id,
    )
    assert events_recorded(CREATED) == [(company.pk, shown["id"], "PROCESSING")]


def test_a_create_after_the_delete_links_the_same_employee_again(flow, idp, caller, company):
    user_id = created(idp, flow)
    holding(company, user_id)
    replay(idp, flow["delete"], user_id)
    offboarding = MovementRequest.objects.get()

    response = replay(idp, flow["create"])

    assert response.status_code == 201, response.json()
    assert (response.json()["id"], response.json()["active"]) == (user_id, True)
    assert employee_shown(caller, user_id)["status"] == "ACTIVE"
    assert Employee.objects.filter(company=company).count() == 1
    # The return cancels the offboarding the delete opened, as a reactivation does.
    assert events_recorded(MOVED) == [(company.pk, str(offboarding.pk), "CANCELLED")]
    assert listed_ids(replay(idp, flow["lookup"])) == [user_id]


def test_a_path_less_map_may_name_a_filtered_path_among_its_keys(idp, caller):
    # Entra with the flag groups what it replaces in one value map; a key may filter a
    # multi-valued attribute, which the map form of RFC 7644 §3.5.2 does not provide for.
    flow = json.loads((GOLDEN / "entra_aadOptscim062020.json").read_text())
    user_id = created(idp, flow)

    response = idp.patch_user(
        user_id,
        {
            "op": "replace",
            "value": {
                'phoneNumbers[type eq "work"].value': "+1 415 555 0142",
                "name.familyName": "García López",
            },
        },
    )

    assert response.status_code == 200, response.json()
    employee = employee_shown(caller, user_id)
    assert (employee["phone"], employee["lastName"]) == ("+14155550142", "García López")
