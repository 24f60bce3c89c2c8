from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.companies_create_response_201 import CompaniesCreateResponse201
from ...models.company_create_request import CompanyCreateRequest
from ...models.error_envelope import ErrorEnvelope
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    body: CompanyCreateRequest,
    idempotency_key: str | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(idempotency_key, Unset):
        headers["Idempotency-Key"] = idempotency_key

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
) -> CompaniesCreateResponse201 | ErrorEnvelope | None:
    if response.status_code == 201:
        response_201 = CompaniesCreateResponse201.from_dict(response.json())

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

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[CompaniesCreateResponse201 | ErrorEnvelope]:
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
) -> Response[CompaniesCreateResponse201 | ErrorEnvelope]:
    """Create a company

     Creates a company managed by this API client (and only by it). `companyCode` is exactly 3 letters or
    digits, stored in capitals, and unique across the service; `webhookUrl`, an http(s) URL, receives
    the company's signed event webhooks. Answers 201 with the company.

    Refusals, all with `envelop: []`: 400 `Invalid request data` with `details` (for example `name`:
    `name should not be empty`); 409 `companyCode already exists`.

    Args:
        idempotency_key (str | Unset):
        body (CompanyCreateRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[CompaniesCreateResponse201 | ErrorEnvelope]
    """

    kwargs = _get_kwargs(
        body=body,
        idempotency_key=idempotency_key,
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
) -> CompaniesCreateResponse201 | ErrorEnvelope | None:
    """Create a company

     Creates a company managed by this API client (and only by it). `companyCode` is exactly 3 letters or
    digits, stored in capitals, and unique across the service; `webhookUrl`, an http(s) URL, receives
    the company's signed event webhooks. Answers 201 with the company.

    Refusals, all with `envelop: []`: 400 `Invalid request data` with `details` (for example `name`:
    `name should not be empty`); 409 `companyCode already exists`.

    Args:
        idempotency_key (str | Unset):
        body (CompanyCreateRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        CompaniesCreateResponse201 | ErrorEnvelope
    """

    return sync_detailed(
        client=client,
        body=body,
        idempotency_key=idempotency_key,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    body: CompanyCreateRequest,
    idempotency_key: str | Unset = UNSET,
) -> Response[CompaniesCreateResponse201 | ErrorEnvelope]:
    """Create a company

     Creates a company managed by this API client (and only by it). `companyCode` is exactly 3 letters or
    digits, stored in capitals, and unique across the service; `webhookUrl`, an http(s) URL, receives
    the company's signed event webhooks. Answers 201 with the company.

    Refusals, all with `envelop: []`: 400 `Invalid request data` with `details` (for example `name`:
    `name should not be empty`); 409 `companyCode already exists`.

    Args:
        idempotency_key (str | Unset):
        body (CompanyCreateRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[CompaniesCreateResponse201 | ErrorEnvelope]
    """

    kwargs = _get_kwargs(
        body=body,
        idempotency_key=idempotency_key,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient,
    body: CompanyCreateRequest,
    idempotency_key: str | Unset = UNSET,
) -> CompaniesCreateResponse201 | ErrorEnvelope | None:
    """Create a company

     Creates a company managed by this API client (and only by it). `companyCode` is exactly 3 letters or
    digits, stored in capitals, and unique across the service; `webhookUrl`, an http(s) URL, receives
    the company's signed event webhooks. Answers 201 with the company.

    Refusals, all with `envelop: []`: 400 `Invalid request data` with `details` (for example `name`:
    `name should not be empty`); 409 `companyCode already exists`.

    Args:
        idempotency_key (str | Unset):
        body (CompanyCreateRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        CompaniesCreateResponse201 | ErrorEnvelope
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
            idempotency_key=idempotency_key,
        )
    ).parsed
