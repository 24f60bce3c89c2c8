"""Fixtures of the logistics tests."""

import pytest

from tests.factories import CompanyFactory


@pytest.fixture
def company(caller):
    """The caller's company, code MOV, whose name the movement requests show."""
    return CompanyFactory(api_client=caller.api_client, code="MOV", name="Moving Co")
