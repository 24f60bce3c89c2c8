"""ENVIRONMENT=production with the settings docs/deploying.md documents passes Django's deploy
checks, warnings included; and the load balancer's health checks over HTTP are not redirected."""

import os
import secrets
import subprocess
import sys

import pytest
from django.test import override_settings

from tests.servers import REPO

DOCUMENTED = {
    "ENVIRONMENT": "production",
    "SECRET_KEY": secrets.token_urlsafe(50),
    "ALLOWED_HOSTS": "hlos.example.com",
    "PUBLIC_BASE_URL": "https://hlos.example.com",
}


def check_deploy(**environment: str) -> subprocess.CompletedProcess:
    # Only what the documentation asks for: none of this machine's settings leak in.
    env = {
        key: value
        for key, value in os.environ.items()
        if key not in ("DJANGO_SETTINGS_MODULE", "DEBUG", "SECURE_SSL_REDIRECT")
        and not key.startswith(("SECURE_", "SESSION_", "CSRF_"))
    }
    return subprocess.run(
        [sys.executable, "manage.py", "check", "--deploy", "--fail-level", "WARNING"],
        cwd=REPO,
        env=env | DOCUMENTED | environment,
        capture_output=True,
        text=True,
        timeout=60,
    )


def test_production_with_the_documented_settings_passes_the_deploy_checks():
    result = check_deploy()

    assert result.returncode == 0, result.stdout + result.stderr
    assert "no issues" in result.stdout


def test_the_deploy_checks_would_see_a_setting_turned_off():
    result = check_deploy(SECURE_SSL_REDIRECT="false", SESSION_COOKIE_SECURE="false")

    assert result.returncode != 0
    assert "security.W008" in result.stderr
    # The session cookie's check: W010 (sessions installed) rather than W012, as Django finds
    # its session middleware by its own path and ours is the admin's subclass of it
    # (config/backoffice/middleware.py).
    assert "security.W010" in result.stderr


def test_production_refuses_to_start_without_allowed_hosts():
    env_without_hosts = {key: value for key, value in DOCUMENTED.items() if key != "ALLOWED_HOSTS"}
    env = {
        key: value
        for key, value in os.environ.items()
        if key not in ("DJANGO_SETTINGS_MODULE", "ALLOWED_HOSTS")
    }
    result = subprocess.run(
        [sys.executable, "manage.py", "check"],
        cwd=REPO,
        env=env | env_without_hosts,
        capture_output=True,
        text=True,
        timeout=60,
    )

    assert result.returncode != 0
    assert "ALLOWED_HOSTS must be set when ENVIRONMENT=production" in result.stderr


@pytest.mark.django_db
@override_settings(SECURE_SSL_REDIRECT=True)
def test_with_https_redirects_health_checks_over_http_are_answered(anonymous):
    assert anonymous.get("/health/live").status_code == 200
    assert anonymous.get("/health/ready/").status_code == 200
    redirected = anonymous.get("/companies")
    assert redirected.status_code == 301
    assert redirected["Location"] == "https://testserver/companies"
