from http import HTTPStatus
from typing import Any
from urllib.parse import quote
from uuid import UUID

import httpx

from ...client import AuthenticatedClient, Client
from ...models.error_envelope import ErrorEnvelope
from ...models.lines_remove_request import LinesRemoveRequest
from ...models.order_list import OrderList
from ...types import UNSET, Response, Unset


def _get_kwargs(
    order_id: UUID,
    *,
    body: LinesRemoveRequest,
    idempotency_key: str | Unset = UNSET,
    x_change_reason: str | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(idempotency_key, Unset):
        headers["Idempotency-Key"] = idempotency_key

    if not isinstance(x_change_reason, Unset):
        headers["X-Change-Reason"] = x_change_reason

    _kwargs: dict[str, Any] = {
        "method": "patch",
        "url": "/orders/{order_id}/hardware-requests/remove".format(
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

    if response.status_code == 403:
        response_403 = ErrorEnvelope.from_dict(response.json())

        return response_403

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
    body: LinesRemoveRequest,
    idempotency_key: str | Unset = UNSET,
    x_change_reason: str | Unset = UNSET,
) -> Response[ErrorEnvelope | OrderList]:
    """Remove lines, or part of their quantity, from an order

     Removes lines of a PENDING or QUOTED order. Each entry names a line of the order
    (`hardwareRequestId`, unique within the request) and optionally an `amount`: a positive integer;
    absent, null, or at least the line's quantity removes the whole line, less keeps the rest. Naming
    any candidate of an alternative group names the group. At least one line must remain (cancel the
    order instead); all removals apply together or none does. Answers the updated order.

    Refusals: 400 `Cannot remove hardware requests from an order, only PENDING or QUOTED`; 400 `At least
    one hardware request is required`; 400 `Amount must be a positive integer for hardware request
    <id>`; 400 `Cannot remove all hardware requests from an order, cancel instead`; 400 `Hardware
    request(s) not found in this order: <ids>`; 400 `Duplicate hardware request IDs are not allowed`;
    400 `Invalid order ID format`; 400 `Missing required field: companyCode`; 400 `Invalid company code`
    for a code this API client does not manage; 403 `Order request does not belong to this company`; 404
    `Order request not found`.

    Args:
        order_id (UUID):
        idempotency_key (str | Unset):
        x_change_reason (str | Unset):
        body (LinesRemoveRequest):

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
    body: LinesRemoveRequest,
    idempotency_key: str | Unset = UNSET,
    x_change_reason: str | Unset = UNSET,
) -> ErrorEnvelope | OrderList | None:
    """Remove lines, or part of their quantity, from an order

     Removes lines of a PENDING or QUOTED order. Each entry names a line of the order
    (`hardwareRequestId`, unique within the request) and optionally an `amount`: a positive integer;
    absent, null, or at least the line's quantity removes the whole line, less keeps the rest. Naming
    any candidate of an alternative group names the group. At least one line must remain (cancel the
    order instead); all removals apply together or none does. Answers the updated order.

    Refusals: 400 `Cannot remove hardware requests from an order, only PENDING or QUOTED`; 400 `At least
    one hardware request is required`; 400 `Amount must be a positive integer for hardware request
    <id>`; 400 `Cannot remove all hardware requests from an order, cancel instead`; 400 `Hardware
    request(s) not found in this order: <ids>`; 400 `Duplicate hardware request IDs are not allowed`;
    400 `Invalid order ID format`; 400 `Missing required field: companyCode`; 400 `Invalid company code`
    for a code this API client does not manage; 403 `Order request does not belong to this company`; 404
    `Order request not found`.

    Args:
        order_id (UUID):
        idempotency_key (str | Unset):
        x_change_reason (str | Unset):
        body (LinesRemoveRequest):

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
    body: LinesRemoveRequest,
    idempotency_key: str | Unset = UNSET,
    x_change_reason: str | Unset = UNSET,
) -> Response[ErrorEnvelope | OrderList]:
    """Remove lines, or part of their quantity, from an order

     Removes lines of a PENDING or QUOTED order. Each entry names a line of the order
    (`hardwareRequestId`, unique within the request) and optionally an `amount`: a positive integer;
    absent, null, or at least the line's quantity removes the whole line, less keeps the rest. Naming
    any candidate of an alternative group names the group. At least one line must remain (cancel the
    order instead); all removals apply together or none does. Answers the updated order.

    Refusals: 400 `Cannot remove hardware requests from an order, only PENDING or QUOTED`; 400 `At least
    one hardware request is required`; 400 `Amount must be a positive integer for hardware request
    <id>`; 400 `Cannot remove all hardware requests from an order, cancel instead`; 400 `Hardware
    request(s) not found in this order: <ids>`; 400 `Duplicate hardware request IDs are not allowed`;
    400 `Invalid order ID format`; 400 `Missing required field: companyCode`; 400 `Invalid company code`
    for a code this API client does not manage; 403 `Order request does not belong to this company`; 404
    `Order request not found`.

    Args:
        order_id (UUID):
        idempotency_key (str | Unset):
        x_change_reason (str | Unset):
        body (LinesRemoveRequest):

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
    body: LinesRemoveRequest,
    idempotency_key: str | Unset = UNSET,
    x_change_reason: str | Unset = UNSET,
) -> ErrorEnvelope | OrderList | None:
    """Remove lines, or part of their quantity, from an order

     Removes lines of a PENDING or QUOTED order. Each entry names a line of the order
    (`hardwareRequestId`, unique within the request) and optionally an `amount`: a positive integer;
    absent, null, or at least the line's quantity removes the whole line, less keeps the rest. Naming
    any candidate of an alternative group names the group. At least one line must remain (cancel the
    order instead); all removals apply together or none does. Answers the updated order.

    Refusals: 400 `Cannot remove hardware requests from an order, only PENDING or QUOTED`; 400 `At least
    one hardware request is required`; 400 `Amount must be a positive integer for hardware request
    <id>`; 400 `Cannot remove all hardware requests from an order, cancel instead`; 400 `Hardware
    request(s) not found in this order: <ids>`; 400 `Duplicate hardware request IDs are not allowed`;
    400 `Invalid order ID format`; 400 `Missing required field: companyCode`; 400 `Invalid company code`
    for a code this API client does not manage; 403 `Order request does not belong to this company`; 404
    `Order request not found`.

    Args:
        order_id (UUID):
        idempotency_key (str | Unset):
        x_change_reason (str | Unset):
        body (LinesRemoveRequest):

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
