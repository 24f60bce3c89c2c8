from http import HTTPStatus
from typing import Any
from urllib.parse import quote
from uuid import UUID

import httpx

from ...client import AuthenticatedClient, Client
from ...models.error_envelope import ErrorEnvelope
from ...models.hardware_detail_list import HardwareDetailList
from ...models.hardware_reinstate_request import HardwareReinstateRequest
from ...types import UNSET, Response, Unset


def _get_kwargs(
    hardware_id: UUID,
    *,
    body: HardwareReinstateRequest,
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
        "url": "/hardwares/{hardware_id}/reinstate".format(
            hardware_id=quote(str(hardware_id), safe=""),
        ),
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> ErrorEnvelope | HardwareDetailList:
    if response.status_code == 200:
        response_200 = HardwareDetailList.from_dict(response.json())

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
) -> Response[ErrorEnvelope | HardwareDetailList]:
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
    body: HardwareReinstateRequest,
    idempotency_key: str | Unset = UNSET,
    x_change_reason: str | Unset = UNSET,
) -> Response[ErrorEnvelope | HardwareDetailList]:
    """Reinstate a retired item found again

     An item retired as LOST or STOLEN was found: its `lifecycle` is ACTIVE again, without
    `retiredReason` and `retiredAt`, and it is in the storage of its country (status STORAGE: whoever
    held it holds it no more). `note`, when sent, is kept on the item's lifecycle history. Answers the
    item as `GET /hardwares/{hardwareId}` shows it, and sends `hardware.updated`.

    Refusals: 400 `Invalid request data` with `details` (`note` blank or longer than 500); 400 `Missing
    required field: companyCode`; 400 `Invalid company code` for a code this API client does not manage;
    400 `Invalid hardware ID format`; 404 `Hardware not found`; 400 `Hardware <id> is not retired`; 400
    `Hardware <id> was retired as <reason>: only an item retired as LOST or STOLEN (found again) can be
    reinstated`.

    Args:
        hardware_id (UUID):
        idempotency_key (str | Unset):
        x_change_reason (str | Unset):
        body (HardwareReinstateRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorEnvelope | HardwareDetailList]
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
    body: HardwareReinstateRequest,
    idempotency_key: str | Unset = UNSET,
    x_change_reason: str | Unset = UNSET,
) -> ErrorEnvelope | HardwareDetailList | None:
    """Reinstate a retired item found again

     An item retired as LOST or STOLEN was found: its `lifecycle` is ACTIVE again, without
    `retiredReason` and `retiredAt`, and it is in the storage of its country (status STORAGE: whoever
    held it holds it no more). `note`, when sent, is kept on the item's lifecycle history. Answers the
    item as `GET /hardwares/{hardwareId}` shows it, and sends `hardware.updated`.

    Refusals: 400 `Invalid request data` with `details` (`note` blank or longer than 500); 400 `Missing
    required field: companyCode`; 400 `Invalid company code` for a code this API client does not manage;
    400 `Invalid hardware ID format`; 404 `Hardware not found`; 400 `Hardware <id> is not retired`; 400
    `Hardware <id> was retired as <reason>: only an item retired as LOST or STOLEN (found again) can be
    reinstated`.

    Args:
        hardware_id (UUID):
        idempotency_key (str | Unset):
        x_change_reason (str | Unset):
        body (HardwareReinstateRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorEnvelope | HardwareDetailList
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
    body: HardwareReinstateRequest,
    idempotency_key: str | Unset = UNSET,
    x_change_reason: str | Unset = UNSET,
) -> Response[ErrorEnvelope | HardwareDetailList]:
    """Reinstate a retired item found again

     An item retired as LOST or STOLEN was found: its `lifecycle` is ACTIVE again, without
    `retiredReason` and `retiredAt`, and it is in the storage of its country (status STORAGE: whoever
    held it holds it no more). `note`, when sent, is kept on the item's lifecycle history. Answers the
    item as `GET /hardwares/{hardwareId}` shows it, and sends `hardware.updated`.

    Refusals: 400 `Invalid request data` with `details` (`note` blank or longer than 500); 400 `Missing
    required field: companyCode`; 400 `Invalid company code` for a code this API client does not manage;
    400 `Invalid hardware ID format`; 404 `Hardware not found`; 400 `Hardware <id> is not retired`; 400
    `Hardware <id> was retired as <reason>: only an item retired as LOST or STOLEN (found again) can be
    reinstated`.

    Args:
        hardware_id (UUID):
        idempotency_key (str | Unset):
        x_change_reason (str | Unset):
        body (HardwareReinstateRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorEnvelope | HardwareDetailList]
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
    body: HardwareReinstateRequest,
    idempotency_key: str | Unset = UNSET,
    x_change_reason: str | Unset = UNSET,
) -> ErrorEnvelope | HardwareDetailList | None:
    """Reinstate a retired item found again

     An item retired as LOST or STOLEN was found: its `lifecycle` is ACTIVE again, without
    `retiredReason` and `retiredAt`, and it is in the storage of its country (status STORAGE: whoever
    held it holds it no more). `note`, when sent, is kept on the item's lifecycle history. Answers the
    item as `GET /hardwares/{hardwareId}` shows it, and sends `hardware.updated`.

    Refusals: 400 `Invalid request data` with `details` (`note` blank or longer than 500); 400 `Missing
    required field: companyCode`; 400 `Invalid company code` for a code this API client does not manage;
    400 `Invalid hardware ID format`; 404 `Hardware not found`; 400 `Hardware <id> is not retired`; 400
    `Hardware <id> was retired as <reason>: only an item retired as LOST or STOLEN (found again) can be
    reinstated`.

    Args:
        hardware_id (UUID):
        idempotency_key (str | Unset):
        x_change_reason (str | Unset):
        body (HardwareReinstateRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorEnvelope | HardwareDetailList
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
