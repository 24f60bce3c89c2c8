"""API keys: either header, only a hash stored, revocable, 401 `Unauthorized access` otherwise."""

import pytest
from django.core.management import CommandError, call_command
from django.db.models.signals import post_delete
from django.urls import reverse
from django.utils import timezone
from rest_framework.test import APIClient

from companies import keys, selectors
from companies.models import ApiClient, ApiKey
from companies.services import api_key_revoke
from tests.factories import ApiClientFactory, CompanyFactory, issue_key
from tests.support import error, run_together

pytestmark = pytest.mark.django_db

UNAUTHORIZED = error(401, "Unauthorized access", with_empty_envelop=True)


def get_companies(**headers):
    return APIClient().get("/companies", headers=headers)


@pytest.fixture
def api_client():
    return ApiClientFactory()


def test_a_key_works_as_bearer_token_and_as_x_api_key(api_client):
    CompanyFactory(api_client=api_client, code="KEY")
    raw_key = issue_key(api_client)

    bearer = get_companies(Authorization=f"Bearer {raw_key}")
    lowercase_scheme = get_companies(Authorization=f"bearer {raw_key}")
    header = get_companies(**{"X-API-Key": raw_key})

    for response in (bearer, lowercase_scheme, header):
        assert response.status_code == 200
        assert [company["companyCode"] for company in response.json()["envelop"]] == ["KEY"]


def test_only_a_hash_and_a_prefix_of_the_key_are_stored(api_client):
    raw_key = issue_key(api_client)

    key = ApiKey.objects.get(client=api_client)
    assert raw_key.startswith(f"hlos_{key.prefix}.")
    assert key.hashed_key == keys.hash_key(raw_key)
    assert raw_key not in {key.prefix, key.hashed_key}


def test_using_a_key_records_when_it_was_last_used(api_client):
    raw_key = issue_key(api_client)
    assert ApiKey.objects.get(client=api_client).last_used_at is None

    get_companies(**{"X-API-Key": raw_key})

    assert ApiKey.objects.get(client=api_client).last_used_at is not None


@pytest.mark.parametrize(
    "headers",
    [
        {},
        {"Authorization": "Bearer"},
        {"Authorization": "Basic dXNlcjpwYXNz"},
        {"Authorization": "Bearer not-a-key"},
        {"X-API-Key": "hlos_000000000000.unknown-secret"},
    ],
)
def test_missing_or_unknown_keys_are_401(headers):
    response = get_companies(**headers)

    assert response.status_code == 401
    assert response.json() == UNAUTHORIZED
    assert response["WWW-Authenticate"] == 'Bearer realm="api"'


def test_two_different_keys_in_the_two_headers_are_401_even_when_both_work(api_client):
    first, second = issue_key(api_client), issue_key(api_client)

    response = get_companies(Authorization=f"Bearer {first}", **{"X-API-Key": second})

    assert response.status_code == 401
    assert response.json() == UNAUTHORIZED
    assert response["WWW-Authenticate"] == 'Bearer realm="api"'


def test_the_same_key_in_both_headers_is_accepted(api_client):
    raw_key = issue_key(api_client)

    response = get_companies(Authorization=f"Bearer {raw_key}", **{"X-API-Key": raw_key})

    assert response.status_code == 200


def test_a_known_prefix_with_a_wrong_secret_is_401(api_client):
    raw_key = issue_key(api_client)
    forged = raw_key[: raw_key.index(".") + 1] + "forged-secret"

    assert get_companies(Authorization=f"Bearer {forged}").status_code == 401


def test_a_revoked_key_is_refused_and_the_clients_other_keys_still_work(api_client):
    revoked, kept = issue_key(api_client), issue_key(api_client)
    api_key_revoke(key=ApiKey.objects.get(prefix=keys.prefix_of(revoked)))

    assert get_companies(Authorization=f"Bearer {revoked}").json() == UNAUTHORIZED
    assert get_companies(Authorization=f"Bearer {kept}").status_code == 200


def test_an_inactive_clients_keys_are_refused(api_client):
    raw_key = issue_key(api_client)
    api_client.is_active = False
    api_client.save()

    assert get_companies(Authorization=f"Bearer {raw_key}").status_code == 401


def test_create_api_client_prints_a_working_key_alone_on_the_last_line(capsys):
    call_command("create_api_client", "Acme IT")

    last_line = capsys.readouterr().out.strip().splitlines()[-1]
    assert last_line.startswith("hlos_") and " " not in last_line
    assert get_companies(Authorization=f"Bearer {last_line}").status_code == 200


def test_create_api_client_refuses_a_taken_name(api_client):
    with pytest.raises(CommandError, match="already exists"):
        call_command("create_api_client", api_client.name)


def test_a_key_revoked_elsewhere_is_refused_within_the_seconds_it_is_trusted(
    api_client, monkeypatch
):
    """Another process revoking the key (here: the row changed behind this one's back) is seen
    once the key's trust here runs out, KEY_TRUSTED_SECONDS after it was read."""
    raw_key = issue_key(api_client)
    now = 1000.0
    monkeypatch.setattr(selectors, "monotonic", lambda: now)
    assert get_companies(Authorization=f"Bearer {raw_key}").status_code == 200
    ApiKey.objects.filter(client=api_client).update(revoked_at=timezone.now())

    now += selectors.KEY_TRUSTED_SECONDS

    assert get_companies(Authorization=f"Bearer {raw_key}").json() == UNAUTHORIZED


def test_a_client_deactivated_elsewhere_is_refused_within_the_seconds_its_keys_are_trusted(
    api_client, monkeypatch
):
    raw_key = issue_key(api_client)
    now = 1000.0
    monkeypatch.setattr(selectors, "monotonic", lambda: now)
    assert get_companies(Authorization=f"Bearer {raw_key}").status_code == 200
    ApiClient.objects.filter(pk=api_client.pk).update(is_active=False)

    now += selectors.KEY_TRUSTED_SECONDS

    assert get_companies(Authorization=f"Bearer {raw_key}").status_code == 401


def test_a_key_revoked_by_this_process_is_refused_at_once(
    api_client, django_capture_on_commit_callbacks
):
    raw_key = issue_key(api_client)
    assert get_companies(Authorization=f"Bearer {raw_key}").status_code == 200

    # The key is forgotten when the revocation commits (the test's transaction never does).
    with django_capture_on_commit_callbacks(execute=True):
        api_key_revoke(key=ApiKey.objects.get(client=api_client))

    assert get_companies(Authorization=f"Bearer {raw_key}").json() == UNAUTHORIZED


def test_a_trusted_key_is_not_read_again(api_client, django_assert_num_queries):
    CompanyFactory(api_client=api_client, code="KEY")
    raw_key = issue_key(api_client)
    get_companies(Authorization=f"Bearer {raw_key}")

    with django_assert_num_queries(1):  # the companies
        response = get_companies(Authorization=f"Bearer {raw_key}")

    assert [company["companyCode"] for company in response.json()["envelop"]] == ["KEY"]


@pytest.mark.parametrize("page", ["the list's action", "its own page"])
def test_a_client_deleted_in_the_admin_is_refused_at_once(
    api_client, admin_client, django_capture_on_commit_callbacks, page
):
    raw_key = issue_key(api_client)
    assert get_companies(Authorization=f"Bearer {raw_key}").status_code == 200
    if page == "its own page":
        path, form = reverse("admin:companies_apiclient_delete", args=[api_client.pk]), {}
    else:
        path = reverse("admin:companies_apiclient_changelist")
        form = {"action": "delete_selected", "_selected_action": [str(api_client.pk)]}

    with django_capture_on_commit_callbacks(execute=True):
        admin_client.post(path, {**form, "post": "yes"})

    assert not ApiClient.objects.filter(pk=api_client.pk).exists()
    assert get_companies(Authorization=f"Bearer {raw_key}").json() == UNAUTHORIZED


@pytest.mark.django_db(transaction=True, serialized_rollback=True)
def test_a_key_used_while_its_client_is_deleted_in_the_admin_is_not_trusted_again(admin_client):
    # The list's delete action runs outside a transaction of Django's: the key must be
    # forgotten only once the delete commits. A request on another connection while the delete
    # runs still finds the key, and trusts it again (KEY_TRUSTED_SECONDS); forgotten before the
    # delete committed, that trust would outlive the client.
    client = ApiClientFactory()
    raw_key = issue_key(client)
    # Used once (its use recorded, so the request below only reads it), then not trusted.
    assert get_companies(Authorization=f"Bearer {raw_key}").status_code == 200
    selectors.credential_distrust(hashed_key=keys.hash_key(raw_key))
    during_delete = []

    def used_meanwhile(sender, instance, **kwargs):
        if instance.pk == client.pk and not during_delete:
            during_delete.extend(
                run_together(lambda: get_companies(Authorization=f"Bearer {raw_key}"))
            )

    post_delete.connect(used_meanwhile, sender=ApiClient)
    try:
        admin_client.post(
            reverse("admin:companies_apiclient_changelist"),
            {"action": "delete_selected", "_selected_action": [str(client.pk)], "post": "yes"},
        )
    finally:
        post_delete.disconnect(used_meanwhile, sender=ApiClient)

    assert [response.status_code for response in during_delete] == [200]
    assert not ApiClient.objects.filter(pk=client.pk).exists()
    assert get_companies(Authorization=f"Bearer {raw_key}").json() == UNAUTHORIZED
