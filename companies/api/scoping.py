"""The one way an API view turns the request's `companyCode` into the caller's company.

Every selector and service of a company-scoped record takes the company as an argument, so a
view cannot read a record without going through one of these first. A list may take its
`CompanyScope` instead: the company as a subquery of the list's own query.
"""

from collections.abc import Iterator
from contextlib import contextmanager

from drf_spectacular.utils import OpenApiParameter
from rest_framework.request import Request

from companies.models import Company
from companies.selectors import (
    INVALID_COMPANY_CODE,
    CompanyCoded,
    company_coded,
    company_get_managed,
)
from config.api.fields import COMPANY_CODE_PATTERN
from config.errors import ServiceError

# The `companyCode` query parameter, as the schema of every company-scoped read shows it.
COMPANY_CODE_PARAMETER = OpenApiParameter(
    "companyCode",
    str,
    required=True,
    pattern=COMPANY_CODE_PATTERN,
    description="Code of a company this API client manages.",
)


def company_from_filters(request: Request, *, message: str = INVALID_COMPANY_CODE) -> Company:
    """The company named by the `companyCode` query parameter of a read."""
    code = _code_from_filters(request)
    return company_get_managed(api_client=request.user, code=code, message=message)


def _code_from_filters(request: Request) -> str:
    code = request.query_params.get("companyCode", "").strip()
    if not code:
        raise ServiceError("Missing required filter: companyCode")
    return code


def company_from_body(request: Request, *, message: str = INVALID_COMPANY_CODE) -> Company:
    """The company named by the `companyCode` field of a write body."""
    data = request.data if isinstance(request.data, dict) else {}
    code = data.get("companyCode")
    if not isinstance(code, str) or not code.strip():
        raise ServiceError("Missing required field: companyCode")
    return company_get_managed(api_client=request.user, code=code, message=message)


class CompanyScope:
    """The company a read's `companyCode` names, not read on its own: a list selects its
    records by `company` (`companies.selectors.CompanyCoded`: in the list's query, the
    client's company with the code, a subquery of at most one), a round trip fewer than
    reading the company first. The company is read only
    to tell an unknown one from an empty list (`rows_checked`), or from another refusal of the
    request (`refusals_checked`): an unknown company is refused first, as when it was read
    first."""

    def __init__(self, request: Request):
        self._request = request
        # A missing code is refused at once, as company_from_filters refuses it.
        code = _code_from_filters(request)
        self.company: CompanyCoded = company_coded(api_client=request.user, code=code)

    def rows_checked(self, rows: list) -> list:
        """`rows`, read by `company`; none: the company is read, and refused if unknown."""
        if not rows:
            company_from_filters(self._request)
        return rows

    @contextmanager
    def refusals_checked(self) -> Iterator[None]:
        """A refusal of the request inside is answered as an unknown company's if it is one."""
        try:
            yield
        except ServiceError:
            company_from_filters(self._request)
            raise
