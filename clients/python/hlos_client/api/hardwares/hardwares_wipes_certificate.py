from http import HTTPStatus
from io import BytesIO
from typing import Any
from urllib.parse import quote
from uuid import UUID

import httpx

from ...client import AuthenticatedClient, Client
from ...models.error_envelope import ErrorEnvelope
from ...types import UNSET, File, Response


def _get_kwargs(
    hardware_id: UUID,
    wipe_id: UUID,
    *,
    company_code: str,
) -> dict[str, Any]:

    params: dict[str, Any] = {}

    params["companyCode"] = company_code

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/hardwares/{hardware_id}/wipes/{wipe_id}/certificate".format(
            hardware_id=quote(str(hardware_id), safe=""),
            wipe_id=quote(str(wipe_id), safe=""),
        ),
        "params": params,
    }

    return _kwargs


def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> ErrorEnvelope | File:
    if response.status_code == 200:
        response_200 = File(payload=BytesIO(response.content))

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
) -> Response[ErrorEnvelope | File]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    hardware_id: UUID,
    wipe_id: UUID,
    *,
    client: AuthenticatedClient,
    company_code: str,
) -> Response[ErrorEnvelope | File]:
    """Download a wipe's certificate (PDF)

     The certificate of data sanitization the service wrote when the wipe was recorded, as it was
    written: a one-page PDF naming the item, its serial number, the company, the method, the tool, who
    wiped it and when, and whether it was verified. Its SHA-256 (header `X-Certificate-SHA256`) is the
    wipe's `certificateSha256`, so a copy can be checked later. The wipe's `certificateUrl` is this
    address. Refusals come in the error envelope, as JSON.

    Refusals: 400 `Missing required filter: companyCode`; 400 `Invalid company code` for a code this API
    client does not manage; 400 `Invalid hardware ID format`; 404 `Hardware not found`; 400 `Invalid
    wipe ID format`; 404 `Wipe not found` (not a wipe of this item).

    Args:
        hardware_id (UUID):
        wipe_id (UUID):
        company_code (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorEnvelope | File]
    """

    kwargs = _get_kwargs(
        hardware_id=hardware_id,
        wipe_id=wipe_id,
        company_code=company_code,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    hardware_id: UUID,
    wipe_id: UUID,
    *,
    client: AuthenticatedClient,
    company_code: str,
) -> ErrorEnvelope | File | None:
    """Download a wipe's certificate (PDF)

     The certificate of data sanitization the service wrote when the wipe was recorded, as it was
    written: a one-page PDF naming the item, its serial number, the company, the method, the tool, who
    wiped it and when, and whether it was verified. Its SHA-256 (header `X-Certificate-SHA256`) is the
    wipe's `certificateSha256`, so a copy can be checked later. The wipe's `certificateUrl` is this
    address. Refusals come in the error envelope, as JSON.

    Refusals: 400 `Missing required filter: companyCode`; 400 `Invalid company code` for a code this API
    client does not manage; 400 `Invalid hardware ID format`; 404 `Hardware not found`; 400 `Invalid
    wipe ID format`; 404 `Wipe not found` (not a wipe of this item).

    Args:
        hardware_id (UUID):
        wipe_id (UUID):
        company_code (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorEnvelope | File
    """

    return sync_detailed(
        hardware_id=hardware_id,
        wipe_id=wipe_id,
        client=client,
        company_code=company_code,
    ).parsed


async def asyncio_detailed(
    hardware_id: UUID,
    wipe_id: UUID,
    *,
    client: AuthenticatedClient,
    company_code: str,
) -> Response[ErrorEnvelope | File]:
    """Download a wipe's certificate (PDF)

     The certificate of data sanitization the service wrote when the wipe was recorded, as it was
    written: a one-page PDF naming the item, its serial number, the company, the method, the tool, who
    wiped it and when, and whether it was verified. Its SHA-256 (header `X-Certificate-SHA256`) is the
    wipe's `certificateSha256`, so a copy can be checked later. The wipe's `certificateUrl` is this
    address. Refusals come in the error envelope, as JSON.

    Refusals: 400 `Missing required filter: companyCode`; 400 `Invalid company code` for a code this API
    client does not manage; 400 `Invalid hardware ID format`; 404 `Hardware not found`; 400 `Invalid
    wipe ID format`; 404 `Wipe not found` (not a wipe of this item).

    Args:
        hardware_id (UUID):
        wipe_id (UUID):
        company_code (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorEnvelope | File]
    """

    kwargs = _get_kwargs(
        hardware_id=hardware_id,
        wipe_id=wipe_id,
        company_code=company_code,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    hardware_id: UUID,
    wipe_id: UUID,
    *,
    client: AuthenticatedClient,
    company_code: str,
) -> ErrorEnvelope | File | None:
    """Download a wipe's certificate (PDF)

     The certificate of data sanitization the service wrote when the wipe was recorded, as it was
    written: a one-page PDF naming the item, its serial number, the company, the method, the tool, who
    wiped it and when, and whether it was verified. Its SHA-256 (header `X-Certificate-SHA256`) is the
    wipe's `certificateSha256`, so a copy can be checked later. The wipe's `certificateUrl` is this
    address. Refusals come in the error envelope, as JSON.

    Refusals: 400 `Missing required filter: companyCode`; 400 `Invalid company code` for a code this API
    client does not manage; 400 `Invalid hardware ID format`; 404 `Hardware not found`; 400 `Invalid
    wipe ID format`; 404 `Wipe not found` (not a wipe of this item).

    Args:
        hardware_id (UUID):
        wipe_id (UUID):
        company_code (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorEnvelope | File
    """

    return (
        await asyncio_detailed(
            hardware_id=hardware_id,
            wipe_id=wipe_id,
            client=client,
            company_code=company_code,
        )
    ).parsed
