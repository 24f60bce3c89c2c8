from http import HTTPStatus
from typing import Any

import httpx

from ...client import AuthenticatedClient, Client
from ...models.error_envelope import ErrorEnvelope
from ...models.order_ref_request import OrderRefRequest
from ...models.order_status_list import OrderStatusList
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    body: OrderRefRequest,
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
        "url": "/orders/cancel",
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> ErrorEnvelope | OrderStatusList:
    if response.status_code == 200:
        response_200 = OrderStatusList.from_dict(response.json())

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
) -> Response[ErrorEnvelope | OrderStatusList]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    body: OrderRefRequest,
    idempotency_key: str | Unset = UNSET,
    x_change_reason: str | Unset = UNSET,
) -> Response[ErrorEnvelope | OrderStatusList]:
    """Cancel an order

     Cancels a PENDING or QUOTED order of the company, records the move in its history and notifies the
    company (`order.cancelled`). Cancelling a CANCELLED order again answers the same id and status and
    changes nothing.

    Refusals: 400 `id is required`; 400 `Order request not found` for an unknown order, an id that is no
    UUID, or an order of another company; 400 `Only PENDING or QUOTED orders can be cancelled; this
    order is <STATUS>`; 400 `Missing required field: companyCode`; 400 `Invalid company code` for a code
    this API client does not manage.

    Args:
        idempotency_key (str | Unset):
        x_change_reason (str | Unset):
        body (OrderRefRequest): The body of cancel and confirm. The view reads `id` itself, to
            answer a missing one
            with the interface's `id is required`.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorEnvelope | OrderStatusList]
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
    body: OrderRefRequest,
    idempotency_key: str | Unset = UNSET,
    x_change_reason: str | Unset = UNSET,
) -> ErrorEnvelope | OrderStatusList | None:
    """Cancel an order

     Cancels a PENDING or QUOTED order of the company, records the move in its history and notifies the
    company (`order.cancelled`). Cancelling a CANCELLED order again answers the same id and status and
    changes nothing.

    Refusals: 400 `id is required`; 400 `Order request not found` for an unknown order, an id that is no
    UUID, or an order of another company; 400 `Only PENDING or QUOTED orders can be cancelled; this
    order is <STATUS>`; 400 `Missing required field: companyCode`; 400 `Invalid company code` for a code
    this API client does not manage.

    Args:
        idempotency_key (str | Unset):
        x_change_reason (str | Unset):
        body (OrderRefRequest): The body of cancel and confirm. The view reads `id` itself, to
            answer a missing one
            with the interface's `id is required`.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorEnvelope | OrderStatusList
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
    body: OrderRefRequest,
    idempotency_key: str | Unset = UNSET,
    x_change_reason: str | Unset = UNSET,
) -> Response[ErrorEnvelope | OrderStatusList]:
    """Cancel an order

     Cancels a PENDING or QUOTED order of the company, records the move in its history and notifies the
    company (`order.cancelled`). Cancelling a CANCELLED order again answers the same id and status and
    changes nothing.

    Refusals: 400 `id is required`; 400 `Order request not found` for an unknown order, an id that is no
    UUID, or an order of another company; 400 `Only PENDING or QUOTED orders can be cancelled; this
    order is <STATUS>`; 400 `Missing required field: companyCode`; 400 `Invalid company code` for a code
    this API client does not manage.

    Args:
        idempotency_key (str | Unset):
        x_change_reason (str | Unset):
        body (OrderRefRequest): The body of cancel and confirm. The view reads `id` itself, to
            answer a missing one
            with the interface's `id is required`.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorEnvelope | OrderStatusList]
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
    body: OrderRefRequest,
    idempotency_key: str | Unset = UNSET,
    x_change_reason: str | Unset = UNSET,
) -> ErrorEnvelope | OrderStatusList | None:
    """Cancel an order

     Cancels a PENDING or QUOTED order of the company, records the move in its history and notifies the
    company (`order.cancelled`). Cancelling a CANCELLED order again answers the same id and status and
    changes nothing.

    Refusals: 400 `id is required`; 400 `Order request not found` for an unknown order, an id that is no
    UUID, or an order of another company; 400 `Only PENDING or QUOTED orders can be cancelled; this
    order is <STATUS>`; 400 `Missing required field: companyCode`; 400 `Invalid company code` for a code
    this API client does not manage.

    Args:
        idempotency_key (str | Unset):
        x_change_reason (str | Unset):
        body (OrderRefRequest): The body of cancel and confirm. The view reads `id` itself, to
            answer a missing one
            with the interface's `id is required`.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorEnvelope | OrderStatusList
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
            idempotency_key=idempotency_key,
            x_change_reason=x_change_reason,
        )
    ).parsed
