from http import HTTPStatus
from typing import Any
from urllib.parse import quote
from uuid import UUID

import httpx

from ...client import AuthenticatedClient, Client
from ...models.bulk_job_result import BulkJobResult
from ...models.error_envelope import ErrorEnvelope
from ...types import UNSET, Response


def _get_kwargs(
    bulk_job_id: UUID,
    *,
    company_code: str,
) -> dict[str, Any]:

    params: dict[str, Any] = {}

    params["companyCode"] = company_code

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/bulk-jobs/{bulk_job_id}".format(
            bulk_job_id=quote(str(bulk_job_id), safe=""),
        ),
        "params": params,
    }

    return _kwargs


def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> BulkJobResult | ErrorEnvelope:
    if response.status_code == 200:
        response_200 = BulkJobResult.from_dict(response.json())

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
) -> Response[BulkJobResult | ErrorEnvelope]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    bulk_job_id: UUID,
    *,
    client: AuthenticatedClient,
    company_code: str,
) -> Response[BulkJobResult | ErrorEnvelope]:
    """Read a bulk job

     Its status (QUEUED, RUNNING, then SUCCEEDED, PARTIALLY_FAILED, FAILED or CANCELLED), and how many
    items succeeded, failed or are still to run, true at any moment while it runs.

    Refusals: 400 `Missing required filter: companyCode`; 400 `Invalid company code` for a code this API
    client does not manage; 400 `Invalid bulk job ID format`; 404 `Bulk job not found` (another
    company's too).

    Args:
        bulk_job_id (UUID):
        company_code (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[BulkJobResult | ErrorEnvelope]
    """

    kwargs = _get_kwargs(
        bulk_job_id=bulk_job_id,
        company_code=company_code,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    bulk_job_id: UUID,
    *,
    client: AuthenticatedClient,
    company_code: str,
) -> BulkJobResult | ErrorEnvelope | None:
    """Read a bulk job

     Its status (QUEUED, RUNNING, then SUCCEEDED, PARTIALLY_FAILED, FAILED or CANCELLED), and how many
    items succeeded, failed or are still to run, true at any moment while it runs.

    Refusals: 400 `Missing required filter: companyCode`; 400 `Invalid company code` for a code this API
    client does not manage; 400 `Invalid bulk job ID format`; 404 `Bulk job not found` (another
    company's too).

    Args:
        bulk_job_id (UUID):
        company_code (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        BulkJobResult | ErrorEnvelope
    """

    return sync_detailed(
        bulk_job_id=bulk_job_id,
        client=client,
        company_code=company_code,
    ).parsed


async def asyncio_detailed(
    bulk_job_id: UUID,
    *,
    client: AuthenticatedClient,
    company_code: str,
) -> Response[BulkJobResult | ErrorEnvelope]:
    """Read a bulk job

     Its status (QUEUED, RUNNING, then SUCCEEDED, PARTIALLY_FAILED, FAILED or CANCELLED), and how many
    items succeeded, failed or are still to run, true at any moment while it runs.

    Refusals: 400 `Missing required filter: companyCode`; 400 `Invalid company code` for a code this API
    client does not manage; 400 `Invalid bulk job ID format`; 404 `Bulk job not found` (another
    company's too).

    Args:
        bulk_job_id (UUID):
        company_code (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[BulkJobResult | ErrorEnvelope]
    """

    kwargs = _get_kwargs(
        bulk_job_id=bulk_job_id,
        company_code=company_code,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    bulk_job_id: UUID,
    *,
    client: AuthenticatedClient,
    company_code: str,
) -> BulkJobResult | ErrorEnvelope | None:
    """Read a bulk job

     Its status (QUEUED, RUNNING, then SUCCEEDED, PARTIALLY_FAILED, FAILED or CANCELLED), and how many
    items succeeded, failed or are still to run, true at any moment while it runs.

    Refusals: 400 `Missing required filter: companyCode`; 400 `Invalid company code` for a code this API
    client does not manage; 400 `Invalid bulk job ID format`; 404 `Bulk job not found` (another
    company's too).

    Args:
        bulk_job_id (UUID):
        company_code (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        BulkJobResult | ErrorEnvelope
    """

    return (
        await asyncio_detailed(
            bulk_job_id=bulk_job_id,
            client=client,
            company_code=company_code,
        )
    ).parsed
