"""Sentry reports only where a DSN is configured: never in the tests, on when SENTRY_DSN is set."""

import subprocess
import sys

import sentry_sdk

from tests.servers import REPO

PROBE = (
    "import django, os, sentry_sdk; os.environ['DJANGO_SETTINGS_MODULE'] = 'config.settings'; "
    "django.setup(); client = sentry_sdk.get_client(); "
    "print(client.is_active(), client.options['environment'], client.options['send_default_pii'])"
)


def test_the_suite_reports_nothing_to_sentry():
    assert not sentry_sdk.get_client().is_active()


def test_a_dsn_turns_sentry_on_without_personal_data():
    environment = {"SENTRY_DSN": "https://key@sentry.example.com/1", "ENVIRONMENT": "staging"}
    probed = subprocess.run(
        [sys.executable, "-c", PROBE],
        cwd=REPO,
        env={"PATH": "/usr/bin:/bin", "SECRET_KEY": "probe", **environment},
        capture_output=True,
        text=True,
        timeout=60,
    )

    assert probed.returncode == 0, probed.stderr
    assert probed.stdout.split() == ["True", "staging", "False"]
