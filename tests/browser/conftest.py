"""Browser tests of the back office: Playwright driving Debian's chromium (never a browser
Playwright downloads), one browser for them all, against pytest-django's live server on
the test database. Each step leaves a screenshot in artifacts/screenshots/
(docs/engineering/running-and-testing.md, "Browser tests").

The live server sees only committed data: the tests are transactional, with the serialized
rollback every transactional test of the suite uses (tests/conftest.py)."""

import os
from pathlib import Path

import pytest
from django.contrib.auth import get_user_model
from django.db import connections

CHROMIUM = Path("/usr/bin/chromium")
# Without the networking flags Chromium reaches for Google's services at start, and on a closed
# network its connections are refused; the rest make a quiet headless run in a container.
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
SCREENSHOTS = Path(__file__).resolve().parents[2] / "artifacts" / "screenshots"
VIEWPORT = {"width": 1366, "height": 768}
PASSWORD = "operator-password"


# One browser for the browser tests, closed when they are done: Playwright's loop then stops,
# so the rest of the suite runs as it does without them.
@pytest.fixture(scope="package")
def browser(django_db_setup, django_db_blocker):
    if not CHROMIUM.exists():
        message = f"{CHROMIUM} is missing: apt-get install -y chromium"
        if os.environ.get("CI"):
            pytest.fail(message)  # CI installs it (.ci/run): never pass by skipping there
        pytest.skip(message)
    from playwright.sync_api import sync_playwright

    # Playwright's sync API runs an event loop in this thread; the tests' own ORM calls are
    # still synchronous, between its calls. Set while the browser runs only: `check --deploy`
    # rightly refuses it in a subprocess.
    os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    saved = _serialized_contents()
    with sync_playwright() as playwright:
        # With a loop running, Django's per-thread connections are other objects than those
        # the test database was made with: they get its serialized contents too, so each
        # test's serialized rollback puts back what the migrations made.
        with django_db_blocker.unblock():
            for alias, contents in saved.items():
                connections[alias]._test_serialized_contents = contents
        chromium = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        yield chromium
        chromium.close()
    del os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"]


def _serialized_contents() -> dict[str, str]:
    return {
        connection.alias: connection._test_serialized_contents
        for connection in connections.all()
        if hasattr(connection, "_test_serialized_contents")
    }


@pytest.fixture
def operator():
    return get_user_model().objects.create_superuser(
        username="operator", email="operator@example.com", password=PASSWORD
    )


@pytest.fixture
def page(browser, live_server):
    context = browser.new_context(viewport=VIEWPORT, base_url=live_server.url)
    context.set_default_timeout(15_000)
    yield context.new_page()
    context.close()


def screenshot(page, name: str) -> None:
    """The page as the operator sees it now, kept as artifacts/screenshots/<name>.png."""
    page.screenshot(path=SCREENSHOTS / f"{name}.png", full_page=True)


def log_in(page, operator, *, shot: str | None = None) -> None:
    """Through the admin's login page, as an operator does."""
    page.goto("/admin/login/?next=/admin/")
    page.fill("#id_username", operator.username)
    page.fill("#id_password", PASSWORD)
    if shot:
        screenshot(page, shot)
    page.click("input[type=submit]")
    page.wait_for_url("**/admin/")
