from http import HTTPStatus
from typing import Any
from urllib.parse import quote
from uuid import UUID

import httpx

from ...client import AuthenticatedClient, Client
from ...models.error_envelope import ErrorEnvelope
from ...models.shipment_list import ShipmentList
from ...models.shipment_simulate_request import ShipmentSimulateRequest
from ...types import UNSET, Response, Unset


def _get_kwargs(
    shipment_id: UUID,
    *,
    body: ShipmentSimulateRequest,
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
        "url": "/sandbox/shipments/{shipment_id}/simulate".format(
            shipment_id=quote(str(shipment_id), safe=""),
        ),
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
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
) -> Response[ErrorEnvelope | ShipmentList]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    shipment_id: UUID,
    *,
    client: AuthenticatedClient,
    body: ShipmentSimulateRequest,
    idempotency_key: str | Unset = UNSET,
    x_change_reason: str | Unset = UNSET,
) -> Response[ErrorEnvelope | ShipmentList]:
    """Sandbox: play a carrier's story of a shipment (not in production)

     Not in production, where this path is unknown (404).

    Plays a carrier's story of one of the company's shipments, its events spread over the days
    until now (or after its latest event, if that is later), through the same way in as a carrier's own
    news: the shipment's status, ETA and events move as they would, with the same webhooks
    (`shipment.status_changed` at each change of status), and the movement request or order
    holding it follows (its `shipments`, `updatedAt`, and, for a company with
    `completeOnDelivery`, an onboarding completed once its parcel is delivered). The events show
    `source: SANDBOX`.

    The scenarios: **DELIVERED** (label, pickup, hub, out for delivery, delivered);
    **ATTEMPT_FAIL_THEN_DELIVERED** (a failed attempt, FAILURE, then delivered the next day);
    **EXCEPTION_CUSTOMS** (held by customs: FAILURE); **LOST** (FAILURE, `statusDetail` `lost`);
    **RETURN_TO_SENDER** (refused, then RETURN_TO_SENDER, which is final). A shipment already
    DELIVERED or CANCELLED only moves on to RETURN_TO_SENDER; the events are recorded all the same.

    Answers the shipment as `GET /movement_requests/{id}/shipments` shows it.

    Refusals: 400 `Invalid shipment id` (an id that is no UUID), `Invalid company code`, a
    `scenario` outside DELIVERED, ATTEMPT_FAIL_THEN_DELIVERED, EXCEPTION_CUSTOMS, LOST, RETURN_TO_SENDER
    (listed in the message); 404 `Shipment not found` for a shipment
    that is not the company's.

    Args:
        shipment_id (UUID):
        idempotency_key (str | Unset):
        x_change_reason (str | Unset):
        body (ShipmentSimulateRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorEnvelope | ShipmentList]
    """

    kwargs = _get_kwargs(
        shipment_id=shipment_id,
        body=body,
        idempotency_key=idempotency_key,
        x_change_reason=x_change_reason,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    shipment_id: UUID,
    *,
    client: AuthenticatedClient,
    body: ShipmentSimulateRequest,
    idempotency_key: str | Unset = UNSET,
    x_change_reason: str | Unset = UNSET,
) -> ErrorEnvelope | ShipmentList | None:
    """Sandbox: play a carrier's story of a shipment (not in production)

     Not in production, where this path is unknown (404).

    Plays a carrier's story of one of the company's shipments, its events spread over the days
    until now (or after its latest event, if that is later), through the same way in as a carrier's own
    news: the shipment's status, ETA and events move as they would, with the same webhooks
    (`shipment.status_changed` at each change of status), and the movement request or order
    holding it follows (its `shipments`, `updatedAt`, and, for a company with
    `completeOnDelivery`, an onboarding completed once its parcel is delivered). The events show
    `source: SANDBOX`.

    The scenarios: **DELIVERED** (label, pickup, hub, out for delivery, delivered);
    **ATTEMPT_FAIL_THEN_DELIVERED** (a failed attempt, FAILURE, then delivered the next day);
    **EXCEPTION_CUSTOMS** (held by customs: FAILURE); **LOST** (FAILURE, `statusDetail` `lost`);
    **RETURN_TO_SENDER** (refused, then RETURN_TO_SENDER, which is final). A shipment already
    DELIVERED or CANCELLED only moves on to RETURN_TO_SENDER; the events are recorded all the same.

    Answers the shipment as `GET /movement_requests/{id}/shipments` shows it.

    Refusals: 400 `Invalid shipment id` (an id that is no UUID), `Invalid company code`, a
    `scenario` outside DELIVERED, ATTEMPT_FAIL_THEN_DELIVERED, EXCEPTION_CUSTOMS, LOST, RETURN_TO_SENDER
    (listed in the message); 404 `Shipment not found` for a shipment
    that is not the company's.

    Args:
        shipment_id (UUID):
        idempotency_key (str | Unset):
        x_change_reason (str | Unset):
        body (ShipmentSimulateRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorEnvelope | ShipmentList
    """

    return sync_detailed(
        shipment_id=shipment_id,
        client=client,
        body=body,
        idempotency_key=idempotency_key,
        x_change_reason=x_change_reason,
    ).parsed


async def asyncio_detailed(
    shipment_id: UUID,
    *,
    client: AuthenticatedClient,
    body: ShipmentSimulateRequest,
    idempotency_key: str | Unset = UNSET,
    x_change_reason: str | Unset = UNSET,
) -> Response[ErrorEnvelope | ShipmentList]:
    """Sandbox: play a carrier's story of a shipment (not in production)

     Not in production, where this path is unknown (404).

    Plays a carrier's story of one of the company's shipments, its events spread over the days
    until now (or after its latest event, if that is later), through the same way in as a carrier's own
    news: the shipment's status, ETA and events move as they would, with the same webhooks
    (`shipment.status_changed` at each change of status), and the movement request or order
    holding it follows (its `shipments`, `updatedAt`, and, for a company with
    `completeOnDelivery`, an onboarding completed once its parcel is delivered). The events show
    `source: SANDBOX`.

    The scenarios: **DELIVERED** (label, pickup, hub, out for delivery, delivered);
    **ATTEMPT_FAIL_THEN_DELIVERED** (a failed attempt, FAILURE, then delivered the next day);
    **EXCEPTION_CUSTOMS** (held by customs: FAILURE); **LOST** (FAILURE, `statusDetail` `lost`);
    **RETURN_TO_SENDER** (refused, then RETURN_TO_SENDER, which is final). A shipment already
    DELIVERED or CANCELLED only moves on to RETURN_TO_SENDER; the events are recorded all the same.

    Answers the shipment as `GET /movement_requests/{id}/shipments` shows it.

    Refusals: 400 `Invalid shipment id` (an id that is no UUID), `Invalid company code`, a
    `scenario` outside DELIVERED, ATTEMPT_FAIL_THEN_DELIVERED, EXCEPTION_CUSTOMS, LOST, RETURN_TO_SENDER
    (listed in the message); 404 `Shipment not found` for a shipment
    that is not the company's.

    Args:
        shipment_id (UUID):
        idempotency_key (str | Unset):
        x_change_reason (str | Unset):
        body (ShipmentSimulateRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorEnvelope | ShipmentList]
    """

    kwargs = _get_kwargs(
        shipment_id=shipment_id,
        body=body,
        idempotency_key=idempotency_key,
        x_change_reason=x_change_reason,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    shipment_id: UUID,
    *,
    client: AuthenticatedClient,
    body: ShipmentSimulateRequest,
    idempotency_key: str | Unset = UNSET,
    x_change_reason: str | Unset = UNSET,
) -> ErrorEnvelope | ShipmentList | None:
    """Sandbox: play a carrier's story of a shipment (not in production)

     Not in production, where this path is unknown (404).

    Plays a carrier's story of one of the company's shipments, its events spread over the days
    until now (or after its latest event, if that is later), through the same way in as a carrier's own
    news: the shipment's status, ETA and events move as they would, with the same webhooks
    (`shipment.status_changed` at each change of status), and the movement request or order
    holding it follows (its `shipments`, `updatedAt`, and, for a company with
    `completeOnDelivery`, an onboarding completed once its parcel is delivered). The events show
    `source: SANDBOX`.

    The scenarios: **DELIVERED** (label, pickup, hub, out for delivery, delivered);
    **ATTEMPT_FAIL_THEN_DELIVERED** (a failed attempt, FAILURE, then delivered the next day);
    **EXCEPTION_CUSTOMS** (held by customs: FAILURE); **LOST** (FAILURE, `statusDetail` `lost`);
    **RETURN_TO_SENDER** (refused, then RETURN_TO_SENDER, which is final). A shipment already
    DELIVERED or CANCELLED only moves on to RETURN_TO_SENDER; the events are recorded all the same.

    Answers the shipment as `GET /movement_requests/{id}/shipments` shows it.

    Refusals: 400 `Invalid shipment id` (an id that is no UUID), `Invalid company code`, a
    `scenario` outside DELIVERED, ATTEMPT_FAIL_THEN_DELIVERED, EXCEPTION_CUSTOMS, LOST, RETURN_TO_SENDER
    (listed in the message); 404 `Shipment not found` for a shipment
    that is not the company's.

    Args:
        shipment_id (UUID):
        idempotency_key (str | Unset):
        x_change_reason (str | Unset):
        body (ShipmentSimulateRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorEnvelope | ShipmentList
    """

    return (
        await asyncio_detailed(
            shipment_id=shipment_id,
            client=client,
            body=body,
            idempotency_key=idempotency_key,
            x_change_reason=x_change_reason,
        )
    ).parsed
