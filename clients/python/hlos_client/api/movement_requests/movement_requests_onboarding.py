from http import HTTPStatus
from typing import Any

import httpx

from ...client import AuthenticatedClient, Client
from ...models.error_envelope import ErrorEnvelope
from ...models.movement_request_list import MovementRequestList
from ...models.onboarding_request import OnboardingRequest
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    body: OnboardingRequest,
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
        "url": "/movement_requests/onboarding",
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
    body: OnboardingRequest,
    idempotency_key: str | Unset = UNSET,
    x_change_reason: str | Unset = UNSET,
) -> Response[ErrorEnvelope | MovementRequestList]:
    """Send storage hardware to an employee (onboarding)

     Creates an ONBOARDING request, PROCESSING and handled by the PROVIDER, for items in the company's
    storage (find their ids with `GET /hardwares/storages`). Send exactly one of `employeeEmail` (an
    existing employee) and `employee` (created, or updated when its e-mail exists). Every item must be
    in storage, not already in a movement, and in the employee's country (items of the EU warehouse go
    to any EU country). The provider then moves it to COORDINATED and DONE, when the items are the
    employee's, or cancels it (CANCELLED): the items stay in storage, out of movement.

    Refusals: 400 `Invalid request data` with `details` naming each field, and each refused item at its
    `hardwareIds[i]` (not the company's, not where the move takes it from, already in a movement
    request, or in a country that cannot send to the employee's), for example `hardwareIds` when the
    list is empty; 400 `Missing required field: companyCode`; 400 `Invalid company code` for a code this
    API client does not manage; 404 `Employee not found` for an unknown `employeeEmail`.

    Args:
        idempotency_key (str | Unset):
        x_change_reason (str | Unset):
        body (OnboardingRequest): Send exactly one of `employeeEmail` and `employee`.

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
    body: OnboardingRequest,
    idempotency_key: str | Unset = UNSET,
    x_change_reason: str | Unset = UNSET,
) -> ErrorEnvelope | MovementRequestList | None:
    """Send storage hardware to an employee (onboarding)

     Creates an ONBOARDING request, PROCESSING and handled by the PROVIDER, for items in the company's
    storage (find their ids with `GET /hardwares/storages`). Send exactly one of `employeeEmail` (an
    existing employee) and `employee` (created, or updated when its e-mail exists). Every item must be
    in storage, not already in a movement, and in the employee's country (items of the EU warehouse go
    to any EU country). The provider then moves it to COORDINATED and DONE, when the items are the
    employee's, or cancels it (CANCELLED): the items stay in storage, out of movement.

    Refusals: 400 `Invalid request data` with `details` naming each field, and each refused item at its
    `hardwareIds[i]` (not the company's, not where the move takes it from, already in a movement
    request, or in a country that cannot send to the employee's), for example `hardwareIds` when the
    list is empty; 400 `Missing required field: companyCode`; 400 `Invalid company code` for a code this
    API client does not manage; 404 `Employee not found` for an unknown `employeeEmail`.

    Args:
        idempotency_key (str | Unset):
        x_change_reason (str | Unset):
        body (OnboardingRequest): Send exactly one of `employeeEmail` and `employee`.

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
    body: OnboardingRequest,
    idempotency_key: str | Unset = UNSET,
    x_change_reason: str | Unset = UNSET,
) -> Response[ErrorEnvelope | MovementRequestList]:
    """Send storage hardware to an employee (onboarding)

     Creates an ONBOARDING request, PROCESSING and handled by the PROVIDER, for items in the company's
    storage (find their ids with `GET /hardwares/storages`). Send exactly one of `employeeEmail` (an
    existing employee) and `employee` (created, or updated when its e-mail exists). Every item must be
    in storage, not already in a movement, and in the employee's country (items of the EU warehouse go
    to any EU country). The provider then moves it to COORDINATED and DONE, when the items are the
    employee's, or cancels it (CANCELLED): the items stay in storage, out of movement.

    Refusals: 400 `Invalid request data` with `details` naming each field, and each refused item at its
    `hardwareIds[i]` (not the company's, not where the move takes it from, already in a movement
    request, or in a country that cannot send to the employee's), for example `hardwareIds` when the
    list is empty; 400 `Missing required field: companyCode`; 400 `Invalid company code` for a code this
    API client does not manage; 404 `Employee not found` for an unknown `employeeEmail`.

    Args:
        idempotency_key (str | Unset):
        x_change_reason (str | Unset):
        body (OnboardingRequest): Send exactly one of `employeeEmail` and `employee`.

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
    body: OnboardingRequest,
    idempotency_key: str | Unset = UNSET,
    x_change_reason: str | Unset = UNSET,
) -> ErrorEnvelope | MovementRequestList | None:
    """Send storage hardware to an employee (onboarding)

     Creates an ONBOARDING request, PROCESSING and handled by the PROVIDER, for items in the company's
    storage (find their ids with `GET /hardwares/storages`). Send exactly one of `employeeEmail` (an
    existing employee) and `employee` (created, or updated when its e-mail exists). Every item must be
    in storage, not already in a movement, and in the employee's country (items of the EU warehouse go
    to any EU country). The provider then moves it to COORDINATED and DONE, when the items are the
    employee's, or cancels it (CANCELLED): the items stay in storage, out of movement.

    Refusals: 400 `Invalid request data` with `details` naming each field, and each refused item at its
    `hardwareIds[i]` (not the company's, not where the move takes it from, already in a movement
    request, or in a country that cannot send to the employee's), for example `hardwareIds` when the
    list is empty; 400 `Missing required field: companyCode`; 400 `Invalid company code` for a code this
    API client does not manage; 404 `Employee not found` for an unknown `employeeEmail`.

    Args:
        idempotency_key (str | Unset):
        x_change_reason (str | Unset):
        body (OnboardingRequest): Send exactly one of `employeeEmail` and `employee`.

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
