"""Shared fixtures.

Race tests use real transactions: mark them
`@pytest.mark.django_db(transaction=True, serialized_rollback=True)`. The serialized rollback
puts back what the migrations made (hardware types, content types) after the table flush;
every transactional test must use it, or the next one's restore collides with its leftovers.
"""

import psycopg
import pytest
from django.conf import settings
from rest_framework.test import APIClient

from config.celery import app
from tests.docs_site import BuiltSite, site_build
from tests.factories import ApiClientFactory, issue_key
from tests.schema_check import SESSION, SchemaCheck, judge, live_schema
from tests.support.commands import Manage


def pytest_configure(config):
    engine = settings.DATABASES["default"]["ENGINE"]
    if "postgresql" not in engine:
        pytest.exit(
            "The tests run on PostgreSQL, the production database, and DATABASE_URL points "
            f"elsewhere ({engine}). Run `make test`, or set DATABASE_URL=postgres://... ",
            returncode=2,
        )
    _check_postgresql_reachable(settings.DATABASES["default"])
    # Staff users in admin tests need no costly password hashing.
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    # The suite makes hundreds of unauthenticated calls from one address; the tests of that
    # budget lower it themselves.
    settings.API_AUTH_FAILURE_RATE = "100000/min"


def _check_postgresql_reachable(database: dict) -> None:
    """Stop at once with a clear message, not with an error in every test."""
    try:
        psycopg.connect(
            host=database["HOST"] or None,
            port=database["PORT"] or None,
            user=database["USER"] or None,
            password=database["PASSWORD"] or None,
            dbname="postgres",
            connect_timeout=5,
        ).close()
    except psycopg.OperationalError as error:
        pytest.exit(
            f"Cannot connect to PostgreSQL for the tests: {error}\n"
            "Set DATABASE_URL=postgres://user:password@host:5432/hlos to a server where that "
            "user may create databases.",
            returncode=2,
        )


@pytest.fixture(scope="session", autouse=True)
def every_answer_checked_against_the_schema(django_db_blocker):
    """Every answer an APIClient (CallerClient, `anonymous`, any other) or a live test server's
    connection (tests/servers.py) receives is checked against the live schema
    (tests/schema_check.py); one the schema does not allow fails the test that received it."""
    with django_db_blocker.unblock():
        check = SchemaCheck(live_schema())
    received = APIClient.request

    def request(client, **kwargs):
        response = received(client, **kwargs)
        if settings.ROOT_URLCONF != "config.urls":
            return response  # a test's own views (tests/config/urls.py), not the API's
        if response.streaming:
            body = b"".join(response.streaming_content)
            response.streaming_content = [body]
        else:
            body = response.content
        environ = response.request
        content_type = response.get("Content-Type", "")
        judge(
            environ["REQUEST_METHOD"],
            environ["PATH_INFO"],
            response.status_code,
            response.headers,
            content_type,
            body,
        )
        return response

    APIClient.request = request
    SESSION.append(check)
    yield check
    SESSION.clear()
    APIClient.request = received


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


@pytest.fixture
def eager_tasks():
    """Queued tasks run at once, in the test (the tests have a broker, so tasks are not eager;
    Celery read CELERY_TASK_ALWAYS_EAGER when it was configured, so the app is told directly).
    With it, a webhook or an e-mail queued on commit is sent then, by the task the workers
    run, instead of waiting in the broker, where a test would never see it."""
    before = app.conf.task_always_eager
    app.conf.task_always_eager = True
    yield
    app.conf.task_always_eager = before


@pytest.fixture
def manage(capsys, monkeypatch) -> Manage:
    """Runs a management command from its command line: exit code, stdout and stderr
    (tests/support/commands.py)."""
    return Manage(capsys, monkeypatch)


@pytest.fixture(scope="session")
def docs_site(tmp_path_factory) -> BuiltSite:
    """The docs site, built strictly once a run (tests/docs_site.py)."""
    return site_build(tmp_path_factory.mktemp("site"))
