import pytest
from django.conf import settings
from rest_framework.test import APIClient

from tests.factories import ApiClientFactory, issue_key


def pytest_configure(config):
    engine = settings.DATABASES["default"]["ENGINE"]
    if "postgresql" not in engine:
        pytest.exit(
            "The tests run on PostgreSQL, the production database, and DATABASE_URL points "
            f"elsewhere ({engine}). Run `make test`, or set DATABASE_URL=postgres://... ",
            returncode=2,
        )
    # Staff users in admin tests need no costly password hashing.
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


class CallerClient(APIClient):
    """An HTTP client that calls as one API client, with its key in the Bearer header."""

    def __init__(self, api_client, raw_key, **kwargs):
        super().__init__(**kwargs)
        self.api_client = api_client
        self.raw_key = raw_key
        self.credentials(HTTP_AUTHORIZATION=f"Bearer {raw_key}")


def make_caller(**client_fields) -> CallerClient:
    api_client = ApiClientFactory(**client_fields)
    return CallerClient(api_client, issue_key(api_client))


@pytest.fixture
def caller(db) -> CallerClient:
    return make_caller()


@pytest.fixture
def other_caller(db) -> CallerClient:
    return make_caller()


@pytest.fixture
def anonymous() -> APIClient:
    return APIClient()
