from http import HTTPStatus
from typing import Any

import httpx

from ...client import AuthenticatedClient, Client
from ...models.error_envelope import ErrorEnvelope
from ...models.movement_request_list import MovementRequestList
from ...models.offboarding_request import OffboardingRequest
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    body: OffboardingRequest,
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
        "url": "/movement_requests/offboarding",
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> ErrorEnvelope | MovementRequestList:
    if response.status_code == 201:
        response_201 = MovementRequestList.from_dict(response.json())

        return response_201

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
) -> Response[ErrorEnvelope | MovementRequestList]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    body: OffboardingRequest,
    idempotency_key: str | Unset = UNSET,
    x_change_reason: str | Unset = UNSET,
) -> Response[ErrorEnvelope | MovementRequestList]:
    """Return an employee's hardware (offboarding), or move it to another employee

     Creates an OFFBOARDING request from an employee to the storage of their country, or, with
    `toEmployeeEmail`, an OFF_ON transfer to another employee. Send exactly one of `companyCode` and
    `company` (an inline company, created or updated) and exactly one of `employeeEmail` and `employee`
    (the source employee, created or updated). `hardwares` names the items: `hardwareIds` of items on
    the employee (`[]` with no `newHardwares` takes them all), and for a return `newHardwares`, items
    the service did not know, created on the employee (`dateBought` with a time).

    handledBy PROVIDER: PROCESSING, until the provider completes it (or cancels it: CANCELLED, the items
    stay with the employee, out of movement). handledBy COMPANY: DONE at once, and the items are in
    storage. OFF_ON: both employees exist and differ, in compatible countries; no `newHardwares`.

    Refusals: 400 `Invalid request data` with `details` naming each field, and each refused item at its
    `hardwareIds[i]` (not the company's, not where the move takes it from, already in a movement
    request, or in a country that cannot send to the employee's), for example `employeeEmail`: `Employee
    email is required`; 400 `Missing required field: companyCode`; 400 `Invalid company code` for a code
    this API client does not manage; 404 `Employee not found`.

    Args:
        idempotency_key (str | Unset):
        x_change_reason (str | Unset):
        body (OffboardingRequest): Send exactly one of `companyCode` and `company`.

            Send exactly one of `employeeEmail` and `employee`.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorEnvelope | MovementRequestList]
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
    body: OffboardingRequest,
    idempotency_key: str | Unset = UNSET,
    x_change_reason: str | Unset = UNSET,
) -> ErrorEnvelope | MovementRequestList | None:
    """Return an employee's hardware (offboarding), or move it to another employee

     Creates an OFFBOARDING request from an employee to the storage of their country, or, with
    `toEmployeeEmail`, an OFF_ON transfer to another employee. Send exactly one of `companyCode` and
    `company` (an inline company, created or updated) and exactly one of `employeeEmail` and `employee`
    (the source employee, created or updated). `hardwares` names the items: `hardwareIds` of items on
    the employee (`[]` with no `newHardwares` takes them all), and for a return `newHardwares`, items
    the service did not know, created on the employee (`dateBought` with a time).

    handledBy PROVIDER: PROCESSING, until the provider completes it (or cancels it: CANCELLED, the items
    stay with the employee, out of movement). handledBy COMPANY: DONE at once, and the items are in
    storage. OFF_ON: both employees exist and differ, in compatible countries; no `newHardwares`.

    Refusals: 400 `Invalid request data` with `details` naming each field, and each refused item at its
    `hardwareIds[i]` (not the company's, not where the move takes it from, already in a movement
    request, or in a country that cannot send to the employee's), for example `employeeEmail`: `Employee
    email is required`; 400 `Missing required field: companyCode`; 400 `Invalid company code` for a code
    this API client does not manage; 404 `Employee not found`.

    Args:
        idempotency_key (str | Unset):
        x_change_reason (str | Unset):
        body (OffboardingRequest): Send exactly one of `companyCode` and `company`.

            Send exactly one of `employeeEmail` and `employee`.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorEnvelope | MovementRequestList
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
    body: OffboardingRequest,
    idempotency_key: str | Unset = UNSET,
    x_change_reason: str | Unset = UNSET,
) -> Response[ErrorEnvelope | MovementRequestList]:
    """Return an employee's hardware (offboarding), or move it to another employee

     Creates an OFFBOARDING request from an employee to the storage of their country, or, with
    `toEmployeeEmail`, an OFF_ON transfer to another employee. Send exactly one of `companyCode` and
    `company` (an inline company, created or updated) and exactly one of `employeeEmail` and `employee`
    (the source employee, created or updated). `hardwares` names the items: `hardwareIds` of items on
    the employee (`[]` with no `newHardwares` takes them all), and for a return `newHardwares`, items
    the service did not know, created on the employee (`dateBought` with a time).

    handledBy PROVIDER: PROCESSING, until the provider completes it (or cancels it: CANCELLED, the items
    stay with the employee, out of movement). handledBy COMPANY: DONE at once, and the items are in
    storage. OFF_ON: both employees exist and differ, in compatible countries; no `newHardwares`.

    Refusals: 400 `Invalid request data` with `details` naming each field, and each refused item at its
    `hardwareIds[i]` (not the company's, not where the move takes it from, already in a movement
    request, or in a country that cannot send to the employee's), for example `employeeEmail`: `Employee
    email is required`; 400 `Missing required field: companyCode`; 400 `Invalid company code` for a code
    this API client does not manage; 404 `Employee not found`.

    Args:
        idempotency_key (str | Unset):
        x_change_reason (str | Unset):
        body (OffboardingRequest): Send exactly one of `companyCode` and `company`.

            Send exactly one of `employeeEmail` and `employee`.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorEnvelope | MovementRequestList]
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
    body: OffboardingRequest,
    idempotency_key: str | Unset = UNSET,
    x_change_reason: str | Unset = UNSET,
) -> ErrorEnvelope | MovementRequestList | None:
    """Return an employee's hardware (offboarding), or move it to another employee

     Creates an OFFBOARDING request from an employee to the storage of their country, or, with
    `toEmployeeEmail`, an OFF_ON transfer to another employee. Send exactly one of `companyCode` and
    `company` (an inline company, created or updated) and exactly one of `employeeEmail` and `employee`
    (the source employee, created or updated). `hardwares` names the items: `hardwareIds` of items on
    the employee (`[]` with no `newHardwares` takes them all), and for a return `newHardwares`, items
    the service did not know, created on the employee (`dateBought` with a time).

    handledBy PROVIDER: PROCESSING, until the provider completes it (or cancels it: CANCELLED, the items
    stay with the employee, out of movement). handledBy COMPANY: DONE at once, and the items are in
    storage. OFF_ON: both employees exist and differ, in compatible countries; no `newHardwares`.

    Refusals: 400 `Invalid request data` with `details` naming each field, and each refused item at its
    `hardwareIds[i]` (not the company's, not where the move takes it from, already in a movement
    request, or in a country that cannot send to the employee's), for example `employeeEmail`: `Employee
    email is required`; 400 `Missing required field: companyCode`; 400 `Invalid company code` for a code
    this API client does not manage; 404 `Employee not found`.

    Args:
        idempotency_key (str | Unset):
        x_change_reason (str | Unset):
        body (OffboardingRequest): Send exactly one of `companyCode` and `company`.

            Send exactly one of `employeeEmail` and `employee`.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorEnvelope | MovementRequestList
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
            idempotency_key=idempotency_key,
            x_change_reason=x_change_reason,
        )
    ).parsed
