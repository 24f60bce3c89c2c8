from http import HTTPStatus
from typing import Any

import httpx

from ...client import AuthenticatedClient, Client
from ...models.error_envelope import ErrorEnvelope
from ...models.hardware_create_request import HardwareCreateRequest
from ...models.hardware_created_list import HardwareCreatedList
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    body: HardwareCreateRequest,
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
        "url": "/hardwares",
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> ErrorEnvelope | HardwareCreatedList:
    if response.status_code == 201:
        response_201 = HardwareCreatedList.from_dict(response.json())

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
) -> Response[ErrorEnvelope | HardwareCreatedList]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    body: HardwareCreateRequest,
    idempotency_key: str | Unset = UNSET,
    x_change_reason: str | Unset = UNSET,
) -> Response[ErrorEnvelope | HardwareCreatedList]:
    """Register a hardware item, in storage or with an employee

     Creates an item of the company (`createdThrough` API). With `employeeProfileId` or `employeeEmail`
    (at most one) it is the employee's (status EMPLOYEE); with neither it is in the storage of its
    country (status STORAGE; EU members share the EU warehouse). Send exactly one of `hardwareType` and
    `commonModelId` (a catalog item id: the item takes its name, specs, image and type). The specs (ram,
    diskSpace, displaySize, processor, gpu) are for PC and MACBOOK items only; extended warranties are
    order lines, never items. `serialNumber` is unique within the company. Answers 201 with the item,
    `cost` as a string.

    Refusals: 400 `Invalid request data` with `details` naming each field (for example `serialNumber`:
    `serialNumber already exists in this company`); 400 `Missing required field: companyCode`; 400
    `Invalid company code` for a code this API client does not manage; 404 `Employee not found`; 404
    `Common model not found`.

    Args:
        idempotency_key (str | Unset):
        x_change_reason (str | Unset):
        body (HardwareCreateRequest): Send at most one of `employeeProfileId` and `employeeEmail`:
            with neither, the item goes to storage.

            Send exactly one of `hardwareType` and `commonModelId`.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorEnvelope | HardwareCreatedList]
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
    body: HardwareCreateRequest,
    idempotency_key: str | Unset = UNSET,
    x_change_reason: str | Unset = UNSET,
) -> ErrorEnvelope | HardwareCreatedList | None:
    """Register a hardware item, in storage or with an employee

     Creates an item of the company (`createdThrough` API). With `employeeProfileId` or `employeeEmail`
    (at most one) it is the employee's (status EMPLOYEE); with neither it is in the storage of its
    country (status STORAGE; EU members share the EU warehouse). Send exactly one of `hardwareType` and
    `commonModelId` (a catalog item id: the item takes its name, specs, image and type). The specs (ram,
    diskSpace, displaySize, processor, gpu) are for PC and MACBOOK items only; extended warranties are
    order lines, never items. `serialNumber` is unique within the company. Answers 201 with the item,
    `cost` as a string.

    Refusals: 400 `Invalid request data` with `details` naming each field (for example `serialNumber`:
    `serialNumber already exists in this company`); 400 `Missing required field: companyCode`; 400
    `Invalid company code` for a code this API client does not manage; 404 `Employee not found`; 404
    `Common model not found`.

    Args:
        idempotency_key (str | Unset):
        x_change_reason (str | Unset):
        body (HardwareCreateRequest): Send at most one of `employeeProfileId` and `employeeEmail`:
            with neither, the item goes to storage.

            Send exactly one of `hardwareType` and `commonModelId`.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorEnvelope | HardwareCreatedList
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
    body: HardwareCreateRequest,
    idempotency_key: str | Unset = UNSET,
    x_change_reason: str | Unset = UNSET,
) -> Response[ErrorEnvelope | HardwareCreatedList]:
    """Register a hardware item, in storage or with an employee

     Creates an item of the company (`createdThrough` API). With `employeeProfileId` or `employeeEmail`
    (at most one) it is the employee's (status EMPLOYEE); with neither it is in the storage of its
    country (status STORAGE; EU members share the EU warehouse). Send exactly one of `hardwareType` and
    `commonModelId` (a catalog item id: the item takes its name, specs, image and type). The specs (ram,
    diskSpace, displaySize, processor, gpu) are for PC and MACBOOK items only; extended warranties are
    order lines, never items. `serialNumber` is unique within the company. Answers 201 with the item,
    `cost` as a string.

    Refusals: 400 `Invalid request data` with `details` naming each field (for example `serialNumber`:
    `serialNumber already exists in this company`); 400 `Missing required field: companyCode`; 400
    `Invalid company code` for a code this API client does not manage; 404 `Employee not found`; 404
    `Common model not found`.

    Args:
        idempotency_key (str | Unset):
        x_change_reason (str | Unset):
        body (HardwareCreateRequest): Send at most one of `employeeProfileId` and `employeeEmail`:
            with neither, the item goes to storage.

            Send exactly one of `hardwareType` and `commonModelId`.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorEnvelope | HardwareCreatedList]
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
    body: HardwareCreateRequest,
    idempotency_key: str | Unset = UNSET,
    x_change_reason: str | Unset = UNSET,
) -> ErrorEnvelope | HardwareCreatedList | None:
    """Register a hardware item, in storage or with an employee

     Creates an item of the company (`createdThrough` API). With `employeeProfileId` or `employeeEmail`
    (at most one) it is the employee's (status EMPLOYEE); with neither it is in the storage of its
    country (status STORAGE; EU members share the EU warehouse). Send exactly one of `hardwareType` and
    `commonModelId` (a catalog item id: the item takes its name, specs, image and type). The specs (ram,
    diskSpace, displaySize, processor, gpu) are for PC and MACBOOK items only; extended warranties are
    order lines, never items. `serialNumber` is unique within the company. Answers 201 with the item,
    `cost` as a string.

    Refusals: 400 `Invalid request data` with `details` naming each field (for example `serialNumber`:
    `serialNumber already exists in this company`); 400 `Missing required field: companyCode`; 400
    `Invalid company code` for a code this API client does not manage; 404 `Employee not found`; 404
    `Common model not found`.

    Args:
        idempotency_key (str | Unset):
        x_change_reason (str | Unset):
        body (HardwareCreateRequest): Send at most one of `employeeProfileId` and `employeeEmail`:
            with neither, the item goes to storage.

            Send exactly one of `hardwareType` and `commonModelId`.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorEnvelope | HardwareCreatedList
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
            idempotency_key=idempotency_key,
            x_change_reason=x_change_reason,
        )
    ).parsed
