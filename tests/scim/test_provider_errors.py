"""What the service provider refuses, as the identity provider's provisioning log shows it: a
SCIM Error message (`application/scim+json`, `status`, `scimType` for 400 and 409, a `detail`
naming the SCIM attribute the admin must map), and what each refusal leaves unchanged. Also the
media types, filters, paging and partial answers a provider relies on."""

import pytest
from rest_framework.test import APIClient

from companies.api.scim_authentication import API_KEY_SENT, INVALID_TOKEN, MISSING_TOKEN
from employees.models import Employee
from tests.factories import EmployeeFactory
from tests.scim.conftest import (
    COMPANY_CODE,
    EMPLOYEE_SCHEMA,
    SCIM_MEDIA_TYPE,
    USER_SCHEMA,
    IdentityProvider,
    assert_scim_refused,
    scim_error,
    token_for,
    user_body,
)
from tests.support import error

pytestmark = pytest.mark.django_db

SUPPORTED = "eq, joined by and, on userName, externalId, emails.value and active"
NOT_SUPPORTED = f"Filter not supported: only {SUPPORTED}"
WORK_PHONE = 'phoneNumbers[type eq "work"].value'
WORK_CITY = 'addresses[type eq "work"].locality'
DNI = f"{EMPLOYEE_SCHEMA}:governmentDNI"
CPF = f"{EMPLOYEE_SCHEMA}:cpf"


def created(idp, **changes) -> dict:
    response = idp.scim("POST", "/Users", user_body(**changes))
    assert response.status_code == 201, response.json()
    return response.json()


def listed(idp, query: str) -> list[str]:
    response = idp.scim("GET", "/Users", query=query)
    assert response.status_code == 200, response.json()
    return [user["userName"] for user in response.json()["Resources"]]


# --- authentication -----------------------------------------------------------------------


def test_a_request_without_a_token_is_401_in_scim_format_with_www_authenticate(company):
    response = IdentityProvider(None).scim("GET", "/Users")

    assert_scim_refused(response, 401, MISSING_TOKEN)
    assert response["WWW-Authenticate"] == 'Bearer realm="scim"'


@pytest.mark.parametrize(
    "raw_token", ["scim_000000000000." + "x" * 43, "not-a-token", "scim_"], ids=str.split
)
def test_an_unknown_token_is_401_in_scim_format(company, raw_token):
    response = IdentityProvider(raw_token).scim("GET", "/Users")

    assert_scim_refused(response, 401, INVALID_TOKEN)
    assert response["WWW-Authenticate"] == 'Bearer realm="scim"'


def test_a_replaced_token_is_refused_at_once(company):
    replaced = IdentityProvider(token_for(company))
    current = IdentityProvider(token_for(company))

    assert_scim_refused(replaced.scim("GET", "/Users"), 401, INVALID_TOKEN)
    assert current.scim("GET", "/Users").status_code == 200


def test_an_api_key_is_not_a_scim_token(caller, company):
    response = IdentityProvider(caller.raw_key).scim("POST", "/Users", user_body())

    assert_scim_refused(response, 401, API_KEY_SENT)
    assert not Employee.objects.exists()


def test_a_scim_token_is_not_an_api_key(company):
    api = APIClient()
    api.credentials(HTTP_AUTHORIZATION=f"Bearer {token_for(company)}")

    response = api.get("/employees", {"companyCode": COMPANY_CODE})

    assert (response.status_code, response.json()) == (401, error(401, "Unauthorized access"))
    assert response["WWW-Authenticate"] == 'Bearer realm="api"'


def test_discovery_needs_the_token_too(company):
    response = IdentityProvider(None).scim("GET", "/ServiceProviderConfig")

    assert_scim_refused(response, 401, MISSING_TOKEN)


# --- filters ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "query",
    [
        'filter=userName eq "Lena.Fischer@Contoso.example"',
        'filter=externalId eq "00u-lena"',
        'filter=emails.value eq "lena.fischer@contoso.example"',
        'filter=emails[value eq "lena.fischer@contoso.example"]',
        # Entra matching on the work e-mail.
        'filter=emails[type eq "work"].value eq "lena.fischer@contoso.example"',
        'filter=emails[type eq "work" and primary eq true and value eq "Lena.Fischer@contoso.example"]',  # noqa: E501
        'filter=userName eq "lena.fischer@contoso.example" and active eq true',
        "filter=USERNAME EQ %22lena.fischer%40contoso.example%22",
    ],
)
def test_the_filters_providers_send_find_the_user(idp, query):
    created(idp)
    created(idp, userName="max.weber@contoso.example", externalId="00u-max")

    assert listed(idp, query) == ["lena.fischer@contoso.example"]


def test_a_user_has_no_e_mail_of_another_type(idp):
    created(idp)

    assert (
        listed(idp, 'filter=emails[type eq "home"].value eq "lena.fischer@contoso.example"') == []
    )


def test_active_filters_tell_the_deactivated_apart(idp):
    lena = created(idp)
    created(idp, userName="max.weber@contoso.example", externalId="00u-max")
    idp.patch_user(lena["id"], {"op": "replace", "path": "active", "value": False})

    assert listed(idp, "filter=active eq false") == ["lena.fischer@contoso.example"]
    assert listed(idp, "filter=active eq true") == ["max.weber@contoso.example"]


@pytest.mark.parametrize(
    "query",
    ['filter=userName eq "unterminated', "filter=userName eq", 'filter=userName "x"', "filter=("],
)
def test_a_filter_that_does_not_parse_is_400_invalid_filter(idp, query):
    response = idp.scim("GET", "/Users", query=query)

    assert (response.status_code, response["Content-Type"]) == (400, SCIM_MEDIA_TYPE)
    body = response.json()
    assert (body["status"], body["scimType"]) == ("400", "invalidFilter")
    assert body["detail"].startswith("Invalid filter: ")


@pytest.mark.parametrize(
    "query",
    [
        'filter=userName sw "lena"',
        'filter=userName co "contoso"',
        'filter=name.familyName eq "Fischer"',
        "filter=title pr",
        'filter=userName eq "a@contoso.example" or userName eq "b@contoso.example"',
        'filter=not (userName eq "a@contoso.example")',
        'filter=emails[display eq "Lena"]',
    ],
)
def test_a_filter_not_supported_is_400_invalid_filter_saying_what_is(idp, query):
    response = idp.scim("GET", "/Users", query=query)

    assert_scim_refused(response, 400, NOT_SUPPORTED, "invalidFilter")


def test_active_compared_with_a_string_is_400_invalid_filter(idp):
    response = idp.scim("GET", "/Users", query='filter=active eq "yes"')

    assert_scim_refused(response, 400, "active is compared with true or false", "invalidFilter")


# --- uniqueness ---------------------------------------------------------------------------


def test_a_taken_user_name_is_409_uniqueness_and_the_first_user_stays(idp):
    first = created(idp)

    response = idp.scim(
        "POST", "/Users", user_body(userName="LENA.FISCHER@contoso.example", externalId="other")
    )

    assert_scim_refused(
        response,
        409,
        "userName lena.fischer@contoso.example already belongs to a user of this company",
        "uniqueness",
    )
    assert [
        (str(pk), ref) for pk, ref in Employee.objects.values_list("pk", "external_reference_id")
    ] == [(first["id"], "00u-lena")]


def test_an_employee_made_by_the_api_is_found_by_the_lookup_and_its_user_name_is_taken(
    idp, company
):
    employee = EmployeeFactory(company=company, email="lena.fischer@contoso.example")

    assert listed(idp, 'filter=userName eq "lena.fischer@contoso.example"') == [employee.email]
    response = idp.scim("POST", "/Users", user_body())

    assert (response.status_code, response.json()["scimType"]) == (409, "uniqueness")
    assert Employee.objects.count() == 1


def test_a_taken_external_id_is_409_uniqueness(idp):
    created(idp)

    response = idp.scim("POST", "/Users", user_body(userName="max.weber@contoso.example"))

    assert_scim_refused(
        response,
        409,
        "externalId 00u-lena already belongs to another user of this company",
        "uniqueness",
    )
    assert Employee.objects.count() == 1


def test_a_patch_to_a_taken_user_name_is_409_uniqueness_and_changes_nothing(idp):
    created(idp)
    max_ = created(idp, userName="max.weber@contoso.example", externalId="00u-max")

    response = idp.patch_user(
        max_["id"], {"op": "Replace", "path": "userName", "value": "lena.fischer@contoso.example"}
    )

    assert_scim_refused(
        response,
        409,
        "userName: email already belongs to another employee in this company",
        "uniqueness",
    )
    assert Employee.objects.get(pk=max_["id"]).email == "max.weber@contoso.example"


def test_a_put_to_a_taken_external_id_is_409_uniqueness(idp):
    created(idp)
    max_ = created(idp, userName="max.weber@contoso.example", externalId="00u-max")

    response = idp.scim(
        "PUT", f"/Users/{max_['id']}", user_body(userName="max.weber@contoso.example")
    )

    assert_scim_refused(
        response,
        409,
        "externalId: externalReferenceId already belongs to another employee in this company",
        "uniqueness",
    )


def test_a_new_user_name_by_patch_changes_the_employees_email(idp, caller):
    lena = created(idp)

    response = idp.patch_user(
        lena["id"], {"op": "Replace", "path": "userName", "value": "Lena.Schmidt@contoso.example"}
    )

    assert (response.status_code, response.json()["userName"]) == (
        200,
        "lena.schmidt@contoso.example",
    )
    shown = caller.get(f"/employees/{lena['id']}", {"companyCode": COMPANY_CODE})
    assert shown.json()["envelop"][0]["email"] == "lena.schmidt@contoso.example"


# --- a user that cannot become an employee ------------------------------------------------


def test_a_new_user_without_government_dni_is_400_naming_the_attribute(idp):
    response = idp.scim("POST", "/Users", user_body(**{EMPLOYEE_SCHEMA: None}))

    assert_scim_refused(
        response,
        400,
        f"{DNI}: governmentDNI is required when creating a new employee",
        "invalidValue",
    )
    assert not Employee.objects.exists()


BRAZIL = [
    {
        "type": "work",
        "streetAddress": "Avenida Paulista 1000",
        "locality": "Sao Paulo",
        "postalCode": "01310-100",
        "country": "BR",
    }
]


def test_a_new_user_in_brazil_without_cpf_is_400_naming_the_attribute(idp):
    response = idp.scim("POST", "/Users", user_body(addresses=BRAZIL, phoneNumbers=None))

    assert_scim_refused(
        response,
        400,
        f"{CPF}: cpf is required when creating a new employee with countryCode BR",
        "invalidValue",
    )
    assert not Employee.objects.exists()


def test_a_new_user_in_brazil_with_cpf_is_created_with_the_cpf_as_its_digits(idp):
    extension = {"governmentDNI": "12.345.678-9", "cpf": "529.982.247-25"}

    user = created(idp, addresses=BRAZIL, phoneNumbers=None, **{EMPLOYEE_SCHEMA: extension})

    employee = Employee.objects.get(pk=user["id"])
    assert (employee.cpf, employee.city, employee.country_code) == (
        "52998224725",
        "São Paulo",
        "BR",
    )
    assert user[EMPLOYEE_SCHEMA] == {"governmentDNI": "12.345.678-9", "cpf": "52998224725"}


@pytest.mark.parametrize(
    ("changes", "detail"),
    [
        (
            {"phoneNumbers": [{"type": "work", "value": "555-0100"}]},
            f"{WORK_PHONE}: phone must start with + and the country code, e.g. +14155550123",
        ),
        (
            {"phoneNumbers": [{"type": "work", "value": "+1 000 000 0000"}]},
            f"{WORK_PHONE}: Invalid phone number: expected E.164 with its country code, "
            "e.g. +14155550123",
        ),
        ({"userName": "lena"}, "userName: Invalid email format"),
        (
            {"addresses": [{"type": "work", "streetAddress": "1 Main St", "country": "US"}]},
            f"{WORK_CITY}: city should not be empty; "
            'addresses[type eq "work"].postalCode: postCode should not be empty',
        ),
        (
            {"name": {"givenName": "Lena"}},
            "name.familyName: lastName should not be empty",
        ),
    ],
    ids=["no-country-code", "invalid-number", "user-name-not-an-email", "no-city", "no-family"],
)
def test_a_value_the_employee_rules_refuse_is_400_invalid_value_naming_it(idp, changes, detail):
    response = idp.scim("POST", "/Users", user_body(**changes))

    assert_scim_refused(response, 400, detail, "invalidValue")
    assert not Employee.objects.exists()


def test_an_address_the_geocoder_cannot_resolve_is_400_naming_the_locality(idp):
    address = {
        "type": "work",
        "streetAddress": "1 Nowhere Rd",
        "locality": "Springfieldzzz",
        "postalCode": "00000",
        "country": "US",
    }

    response = idp.scim("POST", "/Users", user_body(addresses=[address]))

    assert_scim_refused(
        response,
        400,
        f"{WORK_CITY}: Could not resolve a city for the given address",
        "invalidValue",
    )
    assert not Employee.objects.exists()


def test_a_patch_to_an_unresolvable_city_is_refused_and_changes_nothing(idp):
    lena = created(idp)

    response = idp.patch_user(
        lena["id"], {"op": "Replace", "path": WORK_CITY, "value": "Springfieldzzz"}
    )

    assert (response.status_code, response.json()["scimType"]) == (400, "invalidValue")
    assert Employee.objects.get(pk=lena["id"]).city == "New York City"


def test_a_body_that_is_not_json_is_400_invalid_syntax(idp):
    response = idp.generic("POST", "/scim/v2/Users", "{not json", content_type=SCIM_MEDIA_TYPE)

    assert (response.status_code, response.json()["scimType"]) == (400, "invalidSyntax")
    assert response.json()["detail"] == (
        "Invalid JSON body: Expecting property name enclosed in double quotes at line 1, column 2"
    )
    assert response["Content-Type"] == SCIM_MEDIA_TYPE


# --- versions -----------------------------------------------------------------------------


def test_a_stale_if_match_is_412_for_patch_put_and_delete_and_changes_nothing(idp):
    lena = created(idp)
    stale = lena["meta"]["version"]
    idp.patch_user(lena["id"], {"op": "Replace", "path": "name.givenName", "value": "Helena"})
    refused = scim_error(412, f"The user changed since the version given in If-Match ({stale})")

    for response in (
        idp.patch_user(
            lena["id"], {"op": "Replace", "path": "active", "value": "False"}, HTTP_IF_MATCH=stale
        ),
        idp.scim("PUT", f"/Users/{lena['id']}", user_body(active=False), HTTP_IF_MATCH=stale),
        idp.scim("DELETE", f"/Users/{lena['id']}", HTTP_IF_MATCH=stale),
    ):
        assert (response.status_code, response.json()) == (412, refused)

    current = idp.scim("GET", f"/Users/{lena['id']}")
    assert (current.json()["active"], current.json()["name"]["givenName"]) == (True, "Helena")


def test_the_current_version_in_if_match_is_accepted(idp):
    lena = created(idp)

    response = idp.patch_user(
        lena["id"],
        {"op": "Replace", "path": "name.givenName", "value": "Helena"},
        HTTP_IF_MATCH=lena["meta"]["version"],
    )

    assert (response.status_code, response.json()["name"]["givenName"]) == (200, "Helena")
    assert response["ETag"] != lena["meta"]["version"]


# --- media types, unknown paths -----------------------------------------------------------


def test_a_body_in_application_json_is_accepted_and_answered_in_scim_json(idp):
    response = idp.scim(
        "POST",
        "/Users",
        user_body(),
        content_type="application/json",
        HTTP_ACCEPT="application/json",
    )

    assert (response.status_code, response["Content-Type"]) == (201, SCIM_MEDIA_TYPE)


def test_every_answer_is_scim_json_whatever_accept_asks(idp):
    lena = created(idp)

    for path in ("/Users", f"/Users/{lena['id']}", "/ServiceProviderConfig", "/Nope"):
        response = idp.scim("GET", path, HTTP_ACCEPT="application/json")
        assert response["Content-Type"] == SCIM_MEDIA_TYPE, path


def test_a_body_in_another_media_type_is_415(idp):
    response = idp.generic("POST", "/scim/v2/Users", "userName=x", content_type="text/plain")

    assert (response.status_code, response["Content-Type"]) == (415, SCIM_MEDIA_TYPE)
    assert response.json()["status"] == "415"
    assert not Employee.objects.exists()


@pytest.mark.parametrize("path", ["/Foo", "/Groups", "/Users/x/y", "/Me"])
def test_an_unknown_scim_path_is_404_in_scim_format(idp, path):
    assert_scim_refused(idp.scim("GET", path), 404, f"No SCIM resource at /scim/v2{path}")


def test_a_user_id_that_is_no_user_is_404(idp):
    assert_scim_refused(idp.scim("GET", "/Users/not-a-uuid"), 404, "User not-a-uuid not found")
    missing = "7b0c0a52-0000-4000-8000-000000000000"
    assert_scim_refused(
        idp.patch_user(missing, {"op": "Replace", "path": "active", "value": "False"}),
        404,
        f"User {missing} not found",
    )


def test_a_search_at_the_root_is_501_not_implemented(idp):
    response = idp.scim("POST", "/.search", {"filter": 'userName eq "x"'})

    assert_scim_refused(response, 501, "Searching at the root (/.search) is not supported")


# --- paging and partial answers -----------------------------------------------------------


@pytest.fixture
def five_users(idp) -> list[str]:
    return [
        created(idp, userName=f"user{n}@contoso.example", externalId=f"00u-{n}")["userName"]
        for n in range(5)
    ]


@pytest.mark.parametrize(
    ("query", "start", "shown"),
    [
        ("", 1, [0, 1, 2, 3, 4]),
        ("startIndex=2&count=2", 2, [1, 2]),
        ("startIndex=5&count=10", 5, [4]),
        ("startIndex=6", 6, []),
        ("count=0", 1, []),
        ("startIndex=0&count=1", 1, [0]),
        ("startIndex=-3&count=-1", 1, []),
    ],
)
def test_paging_by_start_index_and_count_always_tells_the_total(
    idp, five_users, query, start, shown
):
    response = idp.scim("GET", "/Users", query=query)

    body = response.json()
    assert (body["totalResults"], body["startIndex"], body["itemsPerPage"]) == (
        5,
        start,
        len(shown),
    )
    assert [user["userName"] for user in body["Resources"]] == [five_users[n] for n in shown]


def test_a_filter_pages_what_it_selects(idp, five_users):
    response = idp.scim(
        "GET", "/Users", query='filter=userName eq "user3@contoso.example"&startIndex=1&count=100'
    )

    assert (response.json()["totalResults"], response.json()["itemsPerPage"]) == (1, 1)


def test_a_paging_parameter_that_is_not_a_number_is_400(idp):
    assert_scim_refused(
        idp.scim("GET", "/Users", query="count=ten"),
        400,
        "count must be an integer",
        "invalidValue",
    )


def test_attributes_and_excluded_attributes_shape_the_answer(idp):
    lena = created(idp)

    chosen = idp.scim("GET", f"/Users/{lena['id']}", query="attributes=userName,name.givenName")
    without = idp.scim("GET", "/Users", query="excludedAttributes=name,addresses")

    assert chosen.json() == {
        "schemas": [USER_SCHEMA],
        "id": lena["id"],
        "userName": "lena.fischer@contoso.example",
        "name": {"givenName": "Lena"},
    }
    [listed_user] = without.json()["Resources"]
    assert "name" not in listed_user
    assert "addresses" not in listed_user
    assert listed_user["userName"] == "lena.fischer@contoso.example"


def test_attributes_and_excluded_attributes_together_are_refused_before_any_write(idp):
    response = idp.scim(
        "POST", "/Users", user_body(), query="attributes=userName&excludedAttributes=name"
    )

    assert (response.status_code, response.json()["scimType"]) == (400, "invalidValue")
    assert not Employee.objects.exists()


# --- found in review -----------------------------------------------------------------------


def test_a_credential_trusted_on_one_side_is_still_refused_on_the_other(caller, company, idp):
    """A SCIM token (or an API key) just used, and so trusted a few seconds, is no API key
    (or SCIM token) for all that."""
    assert idp.scim("GET", "/Users").status_code == 200
    raw_token = idp._credentials["HTTP_AUTHORIZATION"].removeprefix("Bearer ")
    as_api_key = APIClient().get("/companies", HTTP_AUTHORIZATION=f"Bearer {raw_token}")
    assert as_api_key.status_code == 401

    assert caller.get("/companies").status_code == 200
    as_token = IdentityProvider(caller.raw_key).scim("GET", "/Users")
    assert_scim_refused(as_token, 401, API_KEY_SENT)


def test_a_start_index_past_every_user_is_an_empty_page(idp):
    created(idp)

    response = idp.scim("GET", "/Users", query="startIndex=99999999999999999999")

    assert response.status_code == 200
    body = response.json()
    assert (body["totalResults"], body["itemsPerPage"], body.get("Resources", [])) == (1, 0, [])


def test_a_put_without_active_keeps_the_status(idp):
    lena = created(idp)
    idp.patch_user(lena["id"], {"op": "Replace", "path": "active", "value": "False"})
    body = user_body()
    del body["active"]

    response = idp.scim("PUT", f"/Users/{lena['id']}", body)

    assert (response.status_code, response.json()["active"]) == (200, False)
    assert Employee.objects.get(pk=lena["id"]).status == "DEACTIVATED"


def test_a_patch_value_of_the_wrong_shape_is_400_invalid_value_naming_it(idp):
    lena = created(idp)

    response = idp.patch_user(
        lena["id"], {"op": "replace", "path": "name.givenName", "value": {"a": 1}}
    )

    assert response.status_code == 400
    body = response.json()
    assert body["scimType"] == "invalidValue"
    assert body["detail"].startswith("given_name: ")
    assert "pydantic" not in body["detail"]
