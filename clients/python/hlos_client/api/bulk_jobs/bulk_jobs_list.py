from http import HTTPStatus
from typing import Any

import httpx

from ...client import AuthenticatedClient, Client
from ...models.bulk_job_list import BulkJobList
from ...models.error_envelope import ErrorEnvelope
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    company_code: str,
    cursor: str | Unset = UNSET,
    limit: int | Unset = UNSET,
) -> dict[str, Any]:

    params: dict[str, Any] = {}

    params["companyCode"] = company_code

    params["cursor"] = cursor

    params["limit"] = limit

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/bulk-jobs",
        "params": params,
    }

    return _kwargs


def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> BulkJobList | ErrorEnvelope:
    if response.status_code == 200:
        response_200 = BulkJobList.from_dict(response.json())

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
) -> Response[BulkJobList | ErrorEnvelope]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    company_code: str,
    cursor: str | Unset = UNSET,
    limit: int | Unset = UNSET,
) -> Response[BulkJobList | ErrorEnvelope]:
    """List the company's bulk jobs

     Newest first, each with its counts; `limit` and `cursor` page them.

    Refusals: 400 `Missing required filter: companyCode`; 400 `Invalid company code` for a code this API
    client does not manage.

    Args:
        company_code (str):
        cursor (str | Unset):
        limit (int | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[BulkJobList | ErrorEnvelope]
    """

    kwargs = _get_kwargs(
        company_code=company_code,
        cursor=cursor,
        limit=limit,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient,
    company_code: str,
    cursor: str | Unset = UNSET,
    limit: int | Unset = UNSET,
) -> BulkJobList | ErrorEnvelope | None:
    """List the company's bulk jobs

     Newest first, each with its counts; `limit` and `cursor` page them.

    Refusals: 400 `Missing required filter: companyCode`; 400 `Invalid company code` for a code this API
    client does not manage.

    Args:
        company_code (str):
        cursor (str | Unset):
        limit (int | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        BulkJobList | ErrorEnvelope
    """

    return sync_detailed(
        client=client,
        company_code=company_code,
        cursor=cursor,
        limit=limit,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    company_code: str,
    cursor: str | Unset = UNSET,
    limit: int | Unset = UNSET,
) -> Response[BulkJobList | ErrorEnvelope]:
    """List the company's bulk jobs

     Newest first, each with its counts; `limit` and `cursor` page them.

    Refusals: 400 `Missing required filter: companyCode`; 400 `Invalid company code` for a code this API
    client does not manage.

    Args:
        company_code (str):
        cursor (str | Unset):
        limit (int | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[BulkJobList | ErrorEnvelope]
    """

    kwargs = _get_kwargs(
        company_code=company_code,
        cursor=cursor,
        limit=limit,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient,
    company_code: str,
    cursor: str | Unset = UNSET,
    limit: int | Unset = UNSET,
) -> BulkJobList | ErrorEnvelope | None:
    """List the company's bulk jobs

     Newest first, each with its counts; `limit` and `cursor` page them.

    Refusals: 400 `Missing required filter: companyCode`; 400 `Invalid company code` for a code this API
    client does not manage.

    Args:
        company_code (str):
        cursor (str | Unset):
        limit (int | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        BulkJobList | ErrorEnvelope
    """

    return (
        await asyncio_detailed(
            client=client,
            company_code=company_code,
            cursor=cursor,
            limit=limit,
        )
    ).parsed
