from http import HTTPStatus
from typing import Any

import httpx

from ...client import AuthenticatedClient, Client
from ...models.employee_result import EmployeeResult
from ...models.employee_upsert_request import EmployeeUpsertRequest
from ...models.error_envelope import ErrorEnvelope
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    body: EmployeeUpsertRequest,
    idempotency_key: str | Unset = UNSET,
    x_change_reason: str | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(idempotency_key, Unset):
        headers["Idempotency-Key"] = idempotency_key

    if not isinstance(x_change_reason, Unset):
        headers["X-Change-Reason"] = x_change_reason

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/employees",
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> EmployeeResult | ErrorEnvelope:
    if response.status_code == 200:
        response_200 = EmployeeResult.from_dict(response.json())

        return response_200

    if response.status_code == 400:
        response_400 = ErrorEnvelope.from_dict(response.json())

        return response_400

    if response.status_code == 401:
        response_401 = ErrorEnvelope.from_dict(response.json())

        return response_401

    if response.status_code == 404:
        response_404 = ErrorEnvelope.from_dict(response.json())

        return response_404

    if response.status_code == 409:
        response_409 = ErrorEnvelope.from_dict(response.json())

        return response_409

    if response.status_code == 422:
        response_422 = ErrorEnvelope.from_dict(response.json())

        return response_422

    if response.status_code == 429:
        response_429 = ErrorEnvelope.from_dict(response.json())

        return response_429

    if response.status_code == 503:
        response_503 = ErrorEnvelope.from_dict(response.json())

        return response_503

    response_default = ErrorEnvelope.from_dict(response.json())

    return response_default


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[EmployeeResult | ErrorEnvelope]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    body: EmployeeUpsertRequest,
    idempotency_key: str | Unset = UNSET,
    x_change_reason: str | Unset = UNSET,
) -> Response[EmployeeResult | ErrorEnvelope]:
    """Create or update an employee

     Matches an employee of the company by `externalReferenceId` when given, otherwise (or when no one
    has that reference) by `email` (trimmed, lower case). Matched by reference, every field updates, the
    e-mail too; matched by e-mail, the other fields update and the employee is ACTIVE again; unmatched,
    a new ACTIVE employee is created, which needs `governmentDNI` (and `cpf` in Brazil). The address is
    geocoded on creation and whenever address, city, postCode or countryCode change: the stored city is
    the one found. `phone` is E.164, with + and the country code (`+14155550123`). Answers 200 with the
    employee object.

    Refusals: 400 `Invalid request data` with `details` (for example `email`: `Invalid email format`);
    400 `governmentDNI is required when creating a new employee`; 400 `cpf is required when creating a
    new employee with countryCode BR`; 400 `email already belongs to another employee in this company`;
    400 `externalReferenceId already belongs to another employee in this company`; 400 `Could not
    resolve a city for the given address`; 400 `Missing required field: companyCode`; 400 `Invalid
    company code` for a code this API client does not manage.

    Args:
        idempotency_key (str | Unset):
        x_change_reason (str | Unset):
        body (EmployeeUpsertRequest): The employee fields of an upsert (POST /employees, and the
            inline `employee` objects of
            movements): checked for format here, the rules applied by `employee_upsert`.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[EmployeeResult | ErrorEnvelope]
    """

    kwargs = _get_kwargs(
        body=body,
        idempotency_key=idempotency_key,
        x_change_reason=x_change_reason,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient,
    body: EmployeeUpsertRequest,
    idempotency_key: str | Unset = UNSET,
    x_change_reason: str | Unset = UNSET,
) -> EmployeeResult | ErrorEnvelope | None:
    """Create or update an employee

     Matches an employee of the company by `externalReferenceId` when given, otherwise (or when no one
    has that reference) by `email` (trimmed, lower case). Matched by reference, every field updates, the
    e-mail too; matched by e-mail, the other fields update and the employee is ACTIVE again; unmatched,
    a new ACTIVE employee is created, which needs `governmentDNI` (and `cpf` in Brazil). The address is
    geocoded on creation and whenever address, city, postCode or countryCode change: the stored city is
    the one found. `phone` is E.164, with + and the country code (`+14155550123`). Answers 200 with the
    employee object.

    Refusals: 400 `Invalid request data` with `details` (for example `email`: `Invalid email format`);
    400 `governmentDNI is required when creating a new employee`; 400 `cpf is required when creating a
    new employee with countryCode BR`; 400 `email already belongs to another employee in this company`;
    400 `externalReferenceId already belongs to another employee in this company`; 400 `Could not
    resolve a city for the given address`; 400 `Missing required field: companyCode`; 400 `Invalid
    company code` for a code this API client does not manage.

    Args:
        idempotency_key (str | Unset):
        x_change_reason (str | Unset):
        body (EmployeeUpsertRequest): The employee fields of an upsert (POST /employees, and the
            inline `employee` objects of
            movements): checked for format here, the rules applied by `employee_upsert`.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        EmployeeResult | ErrorEnvelope
    """

    return sync_detailed(
        client=client,
        body=body,
        idempotency_key=idempotency_key,
        x_change_reason=x_change_reason,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    body: EmployeeUpsertRequest,
    idempotency_key: str | Unset = UNSET,
    x_change_reason: str | Unset = UNSET,
) -> Response[EmployeeResult | ErrorEnvelope]:
    """Create or update an employee

     Matches an employee of the company by `externalReferenceId` when given, otherwise (or when no one
    has that reference) by `email` (trimmed, lower case). Matched by reference, every field updates, the
    e-mail too; matched by e-mail, the other fields update and the employee is ACTIVE again; unmatched,
    a new ACTIVE employee is created, which needs `governmentDNI` (and `cpf` in Brazil). The address is
    geocoded on creation and whenever address, city, postCode or countryCode change: the stored city is
    the one found. `phone` is E.164, with + and the country code (`+14155550123`). Answers 200 with the
    employee object.

    Refusals: 400 `Invalid request data` with `details` (for example `email`: `Invalid email format`);
    400 `governmentDNI is required when creating a new employee`; 400 `cpf is required when creating a
    new employee with countryCode BR`; 400 `email already belongs to another employee in this company`;
    400 `externalReferenceId already belongs to another employee in this company`; 400 `Could not
    resolve a city for the given address`; 400 `Missing required field: companyCode`; 400 `Invalid
    company code` for a code this API client does not manage.

    Args:
        idempotency_key (str | Unset):
        x_change_reason (str | Unset):
        body (EmployeeUpsertRequest): The employee fields of an upsert (POST /employees, and the
            inline `employee` objects of
            movements): checked for format here, the rules applied by `employee_upsert`.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[EmployeeResult | ErrorEnvelope]
    """

    kwargs = _get_kwargs(
        body=body,
        idempotency_key=idempotency_key,
        x_change_reason=x_change_reason,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient,
    body: EmployeeUpsertRequest,
    idempotency_key: str | Unset = UNSET,
    x_change_reason: str | Unset = UNSET,
) -> EmployeeResult | ErrorEnvelope | None:
    """Create or update an employee

     Matches an employee of the company by `externalReferenceId` when given, otherwise (or when no one
    has that reference) by `email` (trimmed, lower case). Matched by reference, every field updates, the
    e-mail too; matched by e-mail, the other fields update and the employee is ACTIVE again; unmatched,
    a new ACTIVE employee is created, which needs `governmentDNI` (and `cpf` in Brazil). The address is
    geocoded on creation and whenever address, city, postCode or countryCode change: the stored city is
    the one found. `phone` is E.164, with + and the country code (`+14155550123`). Answers 200 with the
    employee object.

    Refusals: 400 `Invalid request data` with `details` (for example `email`: `Invalid email format`);
    400 `governmentDNI is required when creating a new employee`; 400 `cpf is required when creating a
    new employee with countryCode BR`; 400 `email already belongs to another employee in this company`;
    400 `externalReferenceId already belongs to another employee in this company`; 400 `Could not
    resolve a city for the given address`; 400 `Missing required field: companyCode`; 400 `Invalid
    company code` for a code this API client does not manage.

    Args:
        idempotency_key (str | Unset):
        x_change_reason (str | Unset):
        body (EmployeeUpsertRequest): The employee fields of an upsert (POST /employees, and the
            inline `employee` objects of
            movements): checked for format here, the rules applied by `employee_upsert`.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        EmployeeResult | ErrorEnvelope
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
            idempotency_key=idempotency_key,
            x_change_reason=x_change_reason,
        )
    ).parsed
