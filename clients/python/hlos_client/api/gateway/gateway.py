from http import HTTPStatus
from typing import Any

import httpx

from ...client import AuthenticatedClient, Client
from ...models.error_envelope import ErrorEnvelope
from ...models.gateway_request_request import GatewayRequestRequest
from ...models.gateway_result import GatewayResult
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    body: GatewayRequestRequest,
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
        "url": "/gateway",
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> ErrorEnvelope | GatewayResult:
    if response.status_code == 200:
        response_200 = GatewayResult.from_dict(response.json())

        return response_200

    if response.status_code == 201:
        response_201 = GatewayResult.from_dict(response.json())

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

    if response.status_code == 405:
        response_405 = ErrorEnvelope.from_dict(response.json())

        return response_405

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
) -> Response[ErrorEnvelope | GatewayResult]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    body: GatewayRequestRequest,
    idempotency_key: str | Unset = UNSET,
    x_change_reason: str | Unset = UNSET,
) -> Response[ErrorEnvelope | GatewayResult]:
    """Call any operation through the request envelope

     Dispatches `{verb, request, vendor, filters, data}` to the operation at `request` (its path without
    the leading slash, identifiers filled in) and answers exactly as the direct call would: same status,
    same body. `filters` become the query string, `data` the body; the API key and `Idempotency-Key`
    headers are the dispatched call's. A dispatched `HEAD` answers its status and headers with no body,
    as a direct HEAD does.

    Refusals: 400 `Unknown vendor: vendor must be <SERVICE_VENDOR>` when `vendor` is not the service's
    (compared in any case); 404 for an unknown path and 405 for a verb the path does not take, in the
    error envelope; 401 `Unauthorized access` without a valid key; otherwise whatever the dispatched
    operation refuses.

    Args:
        idempotency_key (str | Unset):
        x_change_reason (str | Unset):
        body (GatewayRequestRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorEnvelope | GatewayResult]
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
    body: GatewayRequestRequest,
    idempotency_key: str | Unset = UNSET,
    x_change_reason: str | Unset = UNSET,
) -> ErrorEnvelope | GatewayResult | None:
    """Call any operation through the request envelope

     Dispatches `{verb, request, vendor, filters, data}` to the operation at `request` (its path without
    the leading slash, identifiers filled in) and answers exactly as the direct call would: same status,
    same body. `filters` become the query string, `data` the body; the API key and `Idempotency-Key`
    headers are the dispatched call's. A dispatched `HEAD` answers its status and headers with no body,
    as a direct HEAD does.

    Refusals: 400 `Unknown vendor: vendor must be <SERVICE_VENDOR>` when `vendor` is not the service's
    (compared in any case); 404 for an unknown path and 405 for a verb the path does not take, in the
    error envelope; 401 `Unauthorized access` without a valid key; otherwise whatever the dispatched
    operation refuses.

    Args:
        idempotency_key (str | Unset):
        x_change_reason (str | Unset):
        body (GatewayRequestRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorEnvelope | GatewayResult
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
    body: GatewayRequestRequest,
    idempotency_key: str | Unset = UNSET,
    x_change_reason: str | Unset = UNSET,
) -> Response[ErrorEnvelope | GatewayResult]:
    """Call any operation through the request envelope

     Dispatches `{verb, request, vendor, filters, data}` to the operation at `request` (its path without
    the leading slash, identifiers filled in) and answers exactly as the direct call would: same status,
    same body. `filters` become the query string, `data` the body; the API key and `Idempotency-Key`
    headers are the dispatched call's. A dispatched `HEAD` answers its status and headers with no body,
    as a direct HEAD does.

    Refusals: 400 `Unknown vendor: vendor must be <SERVICE_VENDOR>` when `vendor` is not the service's
    (compared in any case); 404 for an unknown path and 405 for a verb the path does not take, in the
    error envelope; 401 `Unauthorized access` without a valid key; otherwise whatever the dispatched
    operation refuses.

    Args:
        idempotency_key (str | Unset):
        x_change_reason (str | Unset):
        body (GatewayRequestRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorEnvelope | GatewayResult]
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
    body: GatewayRequestRequest,
    idempotency_key: str | Unset = UNSET,
    x_change_reason: str | Unset = UNSET,
) -> ErrorEnvelope | GatewayResult | None:
    """Call any operation through the request envelope

     Dispatches `{verb, request, vendor, filters, data}` to the operation at `request` (its path without
    the leading slash, identifiers filled in) and answers exactly as the direct call would: same status,
    same body. `filters` become the query string, `data` the body; the API key and `Idempotency-Key`
    headers are the dispatched call's. A dispatched `HEAD` answers its status and headers with no body,
    as a direct HEAD does.

    Refusals: 400 `Unknown vendor: vendor must be <SERVICE_VENDOR>` when `vendor` is not the service's
    (compared in any case); 404 for an unknown path and 405 for a verb the path does not take, in the
    error envelope; 401 `Unauthorized access` without a valid key; otherwise whatever the dispatched
    operation refuses.

    Args:
        idempotency_key (str | Unset):
        x_change_reason (str | Unset):
        body (GatewayRequestRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorEnvelope | GatewayResult
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
            idempotency_key=idempotency_key,
            x_change_reason=x_change_reason,
        )
    ).parsed
