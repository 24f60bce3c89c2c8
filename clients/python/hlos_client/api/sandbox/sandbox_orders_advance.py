from http import HTTPStatus
from typing import Any
from urllib.parse import quote
from uuid import UUID

import httpx

from ...client import AuthenticatedClient, Client
from ...models.error_envelope import ErrorEnvelope
from ...models.order_advance_request import OrderAdvanceRequest
from ...models.order_list import OrderList
from ...types import UNSET, Response, Unset


def _get_kwargs(
    order_id: UUID,
    *,
    body: OrderAdvanceRequest,
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
        "url": "/sandbox/orders/{order_id}/advance".format(
            order_id=quote(str(order_id), safe=""),
        ),
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> ErrorEnvelope | OrderList:
    if response.status_code == 200:
        response_200 = OrderList.from_dict(response.json())

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
) -> Response[ErrorEnvelope | OrderList]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    order_id: UUID,
    *,
    client: AuthenticatedClient,
    body: OrderAdvanceRequest,
    idempotency_key: str | Unset = UNSET,
    x_change_reason: str | Unset = UNSET,
) -> Response[ErrorEnvelope | OrderList]:
    """Sandbox: move an order as the operator would (not in production)

     Not in production, where this path is unknown (404).

    Makes the operator's move of one of the company's orders, exactly as the provider's
    operator makes it in the admin: the same rules, history (with this API client as who made
    the move) and webhooks (`order.quoted`, `order.accepted`, `order.delivered`,
    `order.cancelled`). The moves: PENDING → QUOTED, QUOTED → ACCEPTED, ACCEPTED → DELIVERED,
    PENDING or QUOTED → CANCELLED.

    - **QUOTED** prices every unpriced selected line: a catalog line at its catalog price, a
      free-form line at the sandbox price of 100.00.
    - **DELIVERED** makes the hardware items (`createdHardwares`), each with a serial number
      `SBX-` and 16 hex digits. A QUOTE_ONLY order is never delivered.
    - **CANCELLED** as the operator cancels: the company's contact is e-mailed.

    `eta`, `trackingCode` and `trackingLink`, when sent, are kept on the order and in its history.
    Answers the order as `GET /orders/{orderId}` shows it.

    Refusals: 400 `Invalid order ID format` (an id that is no UUID), `Invalid company code`,
    a `status` outside QUOTED, CANCELLED, ACCEPTED, DELIVERED (listed in the message), and a move the
    order cannot make, naming its status and the asked one (`Order 12 cannot move from PENDING
    to DELIVERED (allowed: QUOTED, CANCELLED)`); 404 `Order not found` for an order that is not
    the company's.

    Args:
        order_id (UUID):
        idempotency_key (str | Unset):
        x_change_reason (str | Unset):
        body (OrderAdvanceRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorEnvelope | OrderList]
    """

    kwargs = _get_kwargs(
        order_id=order_id,
        body=body,
        idempotency_key=idempotency_key,
        x_change_reason=x_change_reason,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    order_id: UUID,
    *,
    client: AuthenticatedClient,
    body: OrderAdvanceRequest,
    idempotency_key: str | Unset = UNSET,
    x_change_reason: str | Unset = UNSET,
) -> ErrorEnvelope | OrderList | None:
    """Sandbox: move an order as the operator would (not in production)

     Not in production, where this path is unknown (404).

    Makes the operator's move of one of the company's orders, exactly as the provider's
    operator makes it in the admin: the same rules, history (with this API client as who made
    the move) and webhooks (`order.quoted`, `order.accepted`, `order.delivered`,
    `order.cancelled`). The moves: PENDING → QUOTED, QUOTED → ACCEPTED, ACCEPTED → DELIVERED,
    PENDING or QUOTED → CANCELLED.

    - **QUOTED** prices every unpriced selected line: a catalog line at its catalog price, a
      free-form line at the sandbox price of 100.00.
    - **DELIVERED** makes the hardware items (`createdHardwares`), each with a serial number
      `SBX-` and 16 hex digits. A QUOTE_ONLY order is never delivered.
    - **CANCELLED** as the operator cancels: the company's contact is e-mailed.

    `eta`, `trackingCode` and `trackingLink`, when sent, are kept on the order and in its history.
    Answers the order as `GET /orders/{orderId}` shows it.

    Refusals: 400 `Invalid order ID format` (an id that is no UUID), `Invalid company code`,
    a `status` outside QUOTED, CANCELLED, ACCEPTED, DELIVERED (listed in the message), and a move the
    order cannot make, naming its status and the asked one (`Order 12 cannot move from PENDING
    to DELIVERED (allowed: QUOTED, CANCELLED)`); 404 `Order not found` for an order that is not
    the company's.

    Args:
        order_id (UUID):
        idempotency_key (str | Unset):
        x_change_reason (str | Unset):
        body (OrderAdvanceRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorEnvelope | OrderList
    """

    return sync_detailed(
        order_id=order_id,
        client=client,
        body=body,
        idempotency_key=idempotency_key,
        x_change_reason=x_change_reason,
    ).parsed


async def asyncio_detailed(
    order_id: UUID,
    *,
    client: AuthenticatedClient,
    body: OrderAdvanceRequest,
    idempotency_key: str | Unset = UNSET,
    x_change_reason: str | Unset = UNSET,
) -> Response[ErrorEnvelope | OrderList]:
    """Sandbox: move an order as the operator would (not in production)

     Not in production, where this path is unknown (404).

    Makes the operator's move of one of the company's orders, exactly as the provider's
    operator makes it in the admin: the same rules, history (with this API client as who made
    the move) and webhooks (`order.quoted`, `order.accepted`, `order.delivered`,
    `order.cancelled`). The moves: PENDING → QUOTED, QUOTED → ACCEPTED, ACCEPTED → DELIVERED,
    PENDING or QUOTED → CANCELLED.

    - **QUOTED** prices every unpriced selected line: a catalog line at its catalog price, a
      free-form line at the sandbox price of 100.00.
    - **DELIVERED** makes the hardware items (`createdHardwares`), each with a serial number
      `SBX-` and 16 hex digits. A QUOTE_ONLY order is never delivered.
    - **CANCELLED** as the operator cancels: the company's contact is e-mailed.

    `eta`, `trackingCode` and `trackingLink`, when sent, are kept on the order and in its history.
    Answers the order as `GET /orders/{orderId}` shows it.

    Refusals: 400 `Invalid order ID format` (an id that is no UUID), `Invalid company code`,
    a `status` outside QUOTED, CANCELLED, ACCEPTED, DELIVERED (listed in the message), and a move the
    order cannot make, naming its status and the asked one (`Order 12 cannot move from PENDING
    to DELIVERED (allowed: QUOTED, CANCELLED)`); 404 `Order not found` for an order that is not
    the company's.

    Args:
        order_id (UUID):
        idempotency_key (str | Unset):
        x_change_reason (str | Unset):
        body (OrderAdvanceRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorEnvelope | OrderList]
    """

    kwargs = _get_kwargs(
        order_id=order_id,
        body=body,
        idempotency_key=idempotency_key,
        x_change_reason=x_change_reason,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    order_id: UUID,
    *,
    client: AuthenticatedClient,
    body: OrderAdvanceRequest,
    idempotency_key: str | Unset = UNSET,
    x_change_reason: str | Unset = UNSET,
) -> ErrorEnvelope | OrderList | None:
    """Sandbox: move an order as the operator would (not in production)

     Not in production, where this path is unknown (404).

    Makes the operator's move of one of the company's orders, exactly as the provider's
    operator makes it in the admin: the same rules, history (with this API client as who made
    the move) and webhooks (`order.quoted`, `order.accepted`, `order.delivered`,
    `order.cancelled`). The moves: PENDING → QUOTED, QUOTED → ACCEPTED, ACCEPTED → DELIVERED,
    PENDING or QUOTED → CANCELLED.

    - **QUOTED** prices every unpriced selected line: a catalog line at its catalog price, a
      free-form line at the sandbox price of 100.00.
    - **DELIVERED** makes the hardware items (`createdHardwares`), each with a serial number
      `SBX-` and 16 hex digits. A QUOTE_ONLY order is never delivered.
    - **CANCELLED** as the operator cancels: the company's contact is e-mailed.

    `eta`, `trackingCode` and `trackingLink`, when sent, are kept on the order and in its history.
    Answers the order as `GET /orders/{orderId}` shows it.

    Refusals: 400 `Invalid order ID format` (an id that is no UUID), `Invalid company code`,
    a `status` outside QUOTED, CANCELLED, ACCEPTED, DELIVERED (listed in the message), and a move the
    order cannot make, naming its status and the asked one (`Order 12 cannot move from PENDING
    to DELIVERED (allowed: QUOTED, CANCELLED)`); 404 `Order not found` for an order that is not
    the company's.

    Args:
        order_id (UUID):
        idempotency_key (str | Unset):
        x_change_reason (str | Unset):
        body (OrderAdvanceRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorEnvelope | OrderList
    """

    return (
        await asyncio_detailed(
            order_id=order_id,
            client=client,
            body=body,
            idempotency_key=idempotency_key,
            x_change_reason=x_change_reason,
        )
    ).parsed
