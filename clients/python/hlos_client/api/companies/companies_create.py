from http import HTTPStatus
from typing import Any

import httpx

from ...client import AuthenticatedClient, Client
from ...models.company_create_request import CompanyCreateRequest
from ...models.company_list import CompanyList
from ...models.error_envelope import ErrorEnvelope
from ...models.error_envelope_with_envelop import ErrorEnvelopeWithEnvelop
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    body: CompanyCreateRequest,
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
        "url": "/companies",
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> CompanyList | ErrorEnvelope | ErrorEnvelopeWithEnvelop:
    if response.status_code == 201:
        response_201 = CompanyList.from_dict(response.json())

        return response_201

    if response.status_code == 400:
        response_400 = ErrorEnvelopeWithEnvelop.from_dict(response.json())

        return response_400

    if response.status_code == 401:
        response_401 = ErrorEnvelopeWithEnvelop.from_dict(response.json())

        return response_401

    if response.status_code == 404:
        response_404 = ErrorEnvelopeWithEnvelop.from_dict(response.json())

        return response_404

    if response.status_code == 409:
        response_409 = ErrorEnvelopeWithEnvelop.from_dict(response.json())

        return response_409

    if response.status_code == 422:
        response_422 = ErrorEnvelopeWithEnvelop.from_dict(response.json())

        return response_422

    if response.status_code == 429:
        response_429 = ErrorEnvelopeWithEnvelop.from_dict(response.json())

        return response_429

    if response.status_code == 503:
        response_503 = ErrorEnvelopeWithEnvelop.from_dict(response.json())

        return response_503

    response_default = ErrorEnvelope.from_dict(response.json())

    return response_default


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[CompanyList | ErrorEnvelope | ErrorEnvelopeWithEnvelop]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    body: CompanyCreateRequest,
    idempotency_key: str | Unset = UNSET,
    x_change_reason: str | Unset = UNSET,
) -> Response[CompanyList | ErrorEnvelope | ErrorEnvelopeWithEnvelop]:
    """Create a company

     Creates a company managed by this API client (and only by it). `companyCode` is exactly 3 letters or
    digits, stored in capitals, and unique across the service; `webhookUrl`, an http(s) URL, receives
    the company's signed event webhooks. Answers 201 with the company.

    Refusals, all with `envelop: []`: 400 `Invalid request data` with `details` (for example `name`:
    `name should not be empty`); 409 `companyCode already exists`.

    Args:
        idempotency_key (str | Unset):
        x_change_reason (str | Unset):
        body (CompanyCreateRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[CompanyList | ErrorEnvelope | ErrorEnvelopeWithEnvelop]
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
    body: CompanyCreateRequest,
    idempotency_key: str | Unset = UNSET,
    x_change_reason: str | Unset = UNSET,
) -> CompanyList | ErrorEnvelope | ErrorEnvelopeWithEnvelop | None:
    """Create a company

     Creates a company managed by this API client (and only by it). `companyCode` is exactly 3 letters or
    digits, stored in capitals, and unique across the service; `webhookUrl`, an http(s) URL, receives
    the company's signed event webhooks. Answers 201 with the company.

    Refusals, all with `envelop: []`: 400 `Invalid request data` with `details` (for example `name`:
    `name should not be empty`); 409 `companyCode already exists`.

    Args:
        idempotency_key (str | Unset):
        x_change_reason (str | Unset):
        body (CompanyCreateRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        CompanyList | ErrorEnvelope | ErrorEnvelopeWithEnvelop
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
    body: CompanyCreateRequest,
    idempotency_key: str | Unset = UNSET,
    x_change_reason: str | Unset = UNSET,
) -> Response[CompanyList | ErrorEnvelope | ErrorEnvelopeWithEnvelop]:
    """Create a company

     Creates a company managed by this API client (and only by it). `companyCode` is exactly 3 letters or
    digits, stored in capitals, and unique across the service; `webhookUrl`, an http(s) URL, receives
    the company's signed event webhooks. Answers 201 with the company.

    Refusals, all with `envelop: []`: 400 `Invalid request data` with `details` (for example `name`:
    `name should not be empty`); 409 `companyCode already exists`.

    Args:
        idempotency_key (str | Unset):
        x_change_reason (str | Unset):
        body (CompanyCreateRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[CompanyList | ErrorEnvelope | ErrorEnvelopeWithEnvelop]
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
    body: CompanyCreateRequest,
    idempotency_key: str | Unset = UNSET,
    x_change_reason: str | Unset = UNSET,
) -> CompanyList | ErrorEnvelope | ErrorEnvelopeWithEnvelop | None:
    """Create a company

     Creates a company managed by this API client (and only by it). `companyCode` is exactly 3 letters or
    digits, stored in capitals, and unique across the service; `webhookUrl`, an http(s) URL, receives
    the company's signed event webhooks. Answers 201 with the company.

    Refusals, all with `envelop: []`: 400 `Invalid request data` with `details` (for example `name`:
    `name should not be empty`); 409 `companyCode already exists`.

    Args:
        idempotency_key (str | Unset):
        x_change_reason (str | Unset):
        body (CompanyCreateRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        CompanyList | ErrorEnvelope | ErrorEnvelopeWithEnvelop
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
            idempotency_key=idempotency_key,
            x_change_reason=x_change_reason,
        )
    ).parsed
