"""Sessions, staff authentication and messages run on the admin's paths only
(config/backoffice/middleware.py): the admin signs in and flashes as before, and API answers carry
the headers they always did."""

import re

import pytest
from django.test import Client

pytestmark = pytest.mark.django_db

# Every header of a small API answer, as it was while these ran on every path.
API_ANSWER_HEADERS = {
    "Content-Type": "application/json",
    "Allow": "GET, POST, HEAD, OPTIONS",
    "X-Frame-Options": "DENY",
    "Content-Length": None,
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "same-origin",
    "Cross-Origin-Opener-Policy": "same-origin",
    "RateLimit-Limit": None,
    "RateLimit-Remaining": None,
    "RateLimit-Reset": None,
    "X-Request-ID": None,
}


def test_an_api_answer_keeps_its_headers_and_sets_no_cookie(caller):
    response = caller.get("/companies")

    assert response.status_code == 200
    assert list(response.headers) == list(API_ANSWER_HEADERS)
    for name, value in API_ANSWER_HEADERS.items():
        if value is not None:
            assert response.headers[name] == value
    assert not response.cookies
    assert not hasattr(response.wsgi_request, "session")


def test_a_staff_session_does_not_authenticate_an_api_call(admin_user):
    browser = Client()
    browser.force_login(admin_user)

    assert browser.get("/admin/").status_code == 200
    assert browser.get("/companies").status_code == 401


def test_the_admin_signs_in_with_its_csrf_and_session_cookies_and_flashes(admin_user):
    browser = Client(enforce_csrf_checks=True)
    form = browser.get("/admin/login/")
    token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', form.text).group(1)

    assert "csrftoken" in form.cookies
    signed_in = browser.post(
        "/admin/login/",
        {"username": admin_user.username, "password": "password", "csrfmiddlewaretoken": token},
    )
    assert signed_in.status_code == 302
    assert "sessionid" in signed_in.cookies

    # A flashed message is kept in the session until the next page shows it.
    added = browser.post(
        "/admin/auth/group/add/",
        {"name": "Operators", "csrfmiddlewaretoken": browser.cookies["csrftoken"].value},
        follow=True,
    )
    assert "was added successfully" in added.text
