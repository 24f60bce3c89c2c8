from http import HTTPStatus
from typing import Any
from urllib.parse import quote
from uuid import UUID

import httpx

from ...client import AuthenticatedClient, Client
from ...models.error_envelope import ErrorEnvelope
from ...models.hardware_sandbox_wipe_request import HardwareSandboxWipeRequest
from ...models.hardware_wipe_list import HardwareWipeList
from ...types import UNSET, Response, Unset


def _get_kwargs(
    hardware_id: UUID,
    *,
    body: HardwareSandboxWipeRequest,
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
        "url": "/sandbox/hardwares/{hardware_id}/wipe".format(
            hardware_id=quote(str(hardware_id), safe=""),
        ),
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> ErrorEnvelope | HardwareWipeList:
    if response.status_code == 201:
        response_201 = HardwareWipeList.from_dict(response.json())

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
) -> Response[ErrorEnvelope | HardwareWipeList]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    hardware_id: UUID,
    *,
    client: AuthenticatedClient,
    body: HardwareSandboxWipeRequest,
    idempotency_key: str | Unset = UNSET,
    x_change_reason: str | Unset = UNSET,
) -> Response[ErrorEnvelope | HardwareWipeList]:
    """Sandbox: record a data wipe as the operator would (not in production)

     Not in production, where this path is unknown (404).

    Records a wipe of one of the company's items in storage, exactly as the provider's operations record
    one in the admin: the same rules, certificate and webhooks, with this API client as who recorded it;
    the tool is `Sandbox eraser`, and the wipe is verified. CLEAR or PURGE make an item AWAITING_WIPE
    (returned by an offboarding that asked for a wipe) ACTIVE again, ready to go out; DESTROY retires it
    as DISPOSED (and sends `hardware.retired`). Every wipe sends `hardware.wiped`. Answers 201 with the
    wipe as `GET /hardwares/{hardwareId}/wipes` lists it.

    Refusals: 400 `Invalid request data` with `details` (`method` missing or not CLEAR, PURGE or
    DESTROY); 400 `Missing required field: companyCode`; 400 `Invalid company code` for a code this API
    client does not manage; 400 `Invalid hardware ID format`; 404 `Hardware not found`; 400 `Hardware
    <id> is retired: a retired item is not wiped`; 400 `Hardware <id> is with an employee: only an item
    in storage can be wiped`; 400 `Hardware <id> is in open movement request <movementRequestId>: cancel
    it, or wait until it is DONE, before wiping it`.

    Args:
        hardware_id (UUID):
        idempotency_key (str | Unset):
        x_change_reason (str | Unset):
        body (HardwareSandboxWipeRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorEnvelope | HardwareWipeList]
    """

    kwargs = _get_kwargs(
        hardware_id=hardware_id,
        body=body,
        idempotency_key=idempotency_key,
        x_change_reason=x_change_reason,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    hardware_id: UUID,
    *,
    client: AuthenticatedClient,
    body: HardwareSandboxWipeRequest,
    idempotency_key: str | Unset = UNSET,
    x_change_reason: str | Unset = UNSET,
) -> ErrorEnvelope | HardwareWipeList | None:
    """Sandbox: record a data wipe as the operator would (not in production)

     Not in production, where this path is unknown (404).

    Records a wipe of one of the company's items in storage, exactly as the provider's operations record
    one in the admin: the same rules, certificate and webhooks, with this API client as who recorded it;
    the tool is `Sandbox eraser`, and the wipe is verified. CLEAR or PURGE make an item AWAITING_WIPE
    (returned by an offboarding that asked for a wipe) ACTIVE again, ready to go out; DESTROY retires it
    as DISPOSED (and sends `hardware.retired`). Every wipe sends `hardware.wiped`. Answers 201 with the
    wipe as `GET /hardwares/{hardwareId}/wipes` lists it.

    Refusals: 400 `Invalid request data` with `details` (`method` missing or not CLEAR, PURGE or
    DESTROY); 400 `Missing required field: companyCode`; 400 `Invalid company code` for a code this API
    client does not manage; 400 `Invalid hardware ID format`; 404 `Hardware not found`; 400 `Hardware
    <id> is retired: a retired item is not wiped`; 400 `Hardware <id> is with an employee: only an item
    in storage can be wiped`; 400 `Hardware <id> is in open movement request <movementRequestId>: cancel
    it, or wait until it is DONE, before wiping it`.

    Args:
        hardware_id (UUID):
        idempotency_key (str | Unset):
        x_change_reason (str | Unset):
        body (HardwareSandboxWipeRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorEnvelope | HardwareWipeList
    """

    return sync_detailed(
        hardware_id=hardware_id,
        client=client,
        body=body,
        idempotency_key=idempotency_key,
        x_change_reason=x_change_reason,
    ).parsed


async def asyncio_detailed(
    hardware_id: UUID,
    *,
    client: AuthenticatedClient,
    body: HardwareSandboxWipeRequest,
    idempotency_key: str | Unset = UNSET,
    x_change_reason: str | Unset = UNSET,
) -> Response[ErrorEnvelope | HardwareWipeList]:
    """Sandbox: record a data wipe as the operator would (not in production)

     Not in production, where this path is unknown (404).

    Records a wipe of one of the company's items in storage, exactly as the provider's operations record
    one in the admin: the same rules, certificate and webhooks, with this API client as who recorded it;
    the tool is `Sandbox eraser`, and the wipe is verified. CLEAR or PURGE make an item AWAITING_WIPE
    (returned by an offboarding that asked for a wipe) ACTIVE again, ready to go out; DESTROY retires it
    as DISPOSED (and sends `hardware.retired`). Every wipe sends `hardware.wiped`. Answers 201 with the
    wipe as `GET /hardwares/{hardwareId}/wipes` lists it.

    Refusals: 400 `Invalid request data` with `details` (`method` missing or not CLEAR, PURGE or
    DESTROY); 400 `Missing required field: companyCode`; 400 `Invalid company code` for a code this API
    client does not manage; 400 `Invalid hardware ID format`; 404 `Hardware not found`; 400 `Hardware
    <id> is retired: a retired item is not wiped`; 400 `Hardware <id> is with an employee: only an item
    in storage can be wiped`; 400 `Hardware <id> is in open movement request <movementRequestId>: cancel
    it, or wait until it is DONE, before wiping it`.

    Args:
        hardware_id (UUID):
        idempotency_key (str | Unset):
        x_change_reason (str | Unset):
        body (HardwareSandboxWipeRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorEnvelope | HardwareWipeList]
    """

    kwargs = _get_kwargs(
        hardware_id=hardware_id,
        body=body,
        idempotency_key=idempotency_key,
        x_change_reason=x_change_reason,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    hardware_id: UUID,
    *,
    client: AuthenticatedClient,
    body: HardwareSandboxWipeRequest,
    idempotency_key: str | Unset = UNSET,
    x_change_reason: str | Unset = UNSET,
) -> ErrorEnvelope | HardwareWipeList | None:
    """Sandbox: record a data wipe as the operator would (not in production)

     Not in production, where this path is unknown (404).

    Records a wipe of one of the company's items in storage, exactly as the provider's operations record
    one in the admin: the same rules, certificate and webhooks, with this API client as who recorded it;
    the tool is `Sandbox eraser`, and the wipe is verified. CLEAR or PURGE make an item AWAITING_WIPE
    (returned by an offboarding that asked for a wipe) ACTIVE again, ready to go out; DESTROY retires it
    as DISPOSED (and sends `hardware.retired`). Every wipe sends `hardware.wiped`. Answers 201 with the
    wipe as `GET /hardwares/{hardwareId}/wipes` lists it.

    Refusals: 400 `Invalid request data` with `details` (`method` missing or not CLEAR, PURGE or
    DESTROY); 400 `Missing required field: companyCode`; 400 `Invalid company code` for a code this API
    client does not manage; 400 `Invalid hardware ID format`; 404 `Hardware not found`; 400 `Hardware
    <id> is retired: a retired item is not wiped`; 400 `Hardware <id> is with an employee: only an item
    in storage can be wiped`; 400 `Hardware <id> is in open movement request <movementRequestId>: cancel
    it, or wait until it is DONE, before wiping it`.

    Args:
        hardware_id (UUID):
        idempotency_key (str | Unset):
        x_change_reason (str | Unset):
        body (HardwareSandboxWipeRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorEnvelope | HardwareWipeList
    """

    return (
        await asyncio_detailed(
            hardware_id=hardware_id,
            client=client,
            body=body,
            idempotency_key=idempotency_key,
            x_change_reason=x_change_reason,
        )
    ).parsed
