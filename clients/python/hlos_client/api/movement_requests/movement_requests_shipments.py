from http import HTTPStatus
from typing import Any
from urllib.parse import quote
from uuid import UUID

import httpx

from ...client import AuthenticatedClient, Client
from ...models.error_envelope import ErrorEnvelope
from ...models.shipment_list import ShipmentList
from ...types import UNSET, Response


def _get_kwargs(
    movement_request_id: UUID,
    *,
    company_code: str,
) -> dict[str, Any]:

    params: dict[str, Any] = {}

    params["companyCode"] = company_code

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/movement_requests/{movement_request_id}/shipments".format(
            movement_request_id=quote(str(movement_request_id), safe=""),
        ),
        "params": params,
    }

    return _kwargs


def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> ErrorEnvelope | ShipmentList:
    if response.status_code == 200:
        response_200 = ShipmentList.from_dict(response.json())

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
) -> Response[ErrorEnvelope | ShipmentList]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    movement_request_id: UUID,
    *,
    client: AuthenticatedClient,
    company_code: str,
) -> Response[ErrorEnvelope | ShipmentList]:
    """List a movement request's shipments with their tracking events

     The parcels the request's hardware travels in, oldest first, each with its carrier's events (oldest
    first): its carrier, tracking code and link, direction (OUTBOUND to the employee, RETURN from them),
    status, ETA and delivery time. A shipment is made when the request moves to COORDINATED with a
    tracking code, or by the operator; its status follows the carrier's events (docs/shipments.md).

    Refusals: 400 `Missing required filter: companyCode`; 400 `Invalid company code` for a code this API
    client does not manage; 400 `Invalid MovementRequest id`; 404 `Movement request not found`.

    Args:
        movement_request_id (UUID):
        company_code (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorEnvelope | ShipmentList]
    """

    kwargs = _get_kwargs(
        movement_request_id=movement_request_id,
        company_code=company_code,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    movement_request_id: UUID,
    *,
    client: AuthenticatedClient,
    company_code: str,
) -> ErrorEnvelope | ShipmentList | None:
    """List a movement request's shipments with their tracking events

     The parcels the request's hardware travels in, oldest first, each with its carrier's events (oldest
    first): its carrier, tracking code and link, direction (OUTBOUND to the employee, RETURN from them),
    status, ETA and delivery time. A shipment is made when the request moves to COORDINATED with a
    tracking code, or by the operator; its status follows the carrier's events (docs/shipments.md).

    Refusals: 400 `Missing required filter: companyCode`; 400 `Invalid company code` for a code this API
    client does not manage; 400 `Invalid MovementRequest id`; 404 `Movement request not found`.

    Args:
        movement_request_id (UUID):
        company_code (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorEnvelope | ShipmentList
    """

    return sync_detailed(
        movement_request_id=movement_request_id,
        client=client,
        company_code=company_code,
    ).parsed


async def asyncio_detailed(
    movement_request_id: UUID,
    *,
    client: AuthenticatedClient,
    company_code: str,
) -> Response[ErrorEnvelope | ShipmentList]:
    """List a movement request's shipments with their tracking events

     The parcels the request's hardware travels in, oldest first, each with its carrier's events (oldest
    first): its carrier, tracking code and link, direction (OUTBOUND to the employee, RETURN from them),
    status, ETA and delivery time. A shipment is made when the request moves to COORDINATED with a
    tracking code, or by the operator; its status follows the carrier's events (docs/shipments.md).

    Refusals: 400 `Missing required filter: companyCode`; 400 `Invalid company code` for a code this API
    client does not manage; 400 `Invalid MovementRequest id`; 404 `Movement request not found`.

    Args:
        movement_request_id (UUID):
        company_code (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorEnvelope | ShipmentList]
    """

    kwargs = _get_kwargs(
        movement_request_id=movement_request_id,
        company_code=company_code,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    movement_request_id: UUID,
    *,
    client: AuthenticatedClient,
    company_code: str,
) -> ErrorEnvelope | ShipmentList | None:
    """List a movement request's shipments with their tracking events

     The parcels the request's hardware travels in, oldest first, each with its carrier's events (oldest
    first): its carrier, tracking code and link, direction (OUTBOUND to the employee, RETURN from them),
    status, ETA and delivery time. A shipment is made when the request moves to COORDINATED with a
    tracking code, or by the operator; its status follows the carrier's events (docs/shipments.md).

    Refusals: 400 `Missing required filter: companyCode`; 400 `Invalid company code` for a code this API
    client does not manage; 400 `Invalid MovementRequest id`; 404 `Movement request not found`.

    Args:
        movement_request_id (UUID):
        company_code (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorEnvelope | ShipmentList
    """

    return (
        await asyncio_detailed(
            movement_request_id=movement_request_id,
            client=client,
            company_code=company_code,
        )
    ).parsed
