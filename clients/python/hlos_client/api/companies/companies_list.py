from http import HTTPStatus
from typing import Any

import httpx

from ...client import AuthenticatedClient, Client
from ...models.company_list import CompanyList
from ...models.error_envelope import ErrorEnvelope
from ...models.error_envelope_with_envelop import ErrorEnvelopeWithEnvelop
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    cursor: str | Unset = UNSET,
    limit: int | Unset = UNSET,
) -> dict[str, Any]:

    params: dict[str, Any] = {}

    params["cursor"] = cursor

    params["limit"] = limit

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/companies",
        "params": params,
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> CompanyList | ErrorEnvelope | ErrorEnvelopeWithEnvelop:
    if response.status_code == 200:
        response_200 = CompanyList.from_dict(response.json())

        return response_200

    if response.status_code == 400:
        response_400 = ErrorEnvelopeWithEnvelop.from_dict(response.json())

        return response_400

    if response.status_code == 401:
        response_401 = ErrorEnvelopeWithEnvelop.from_dict(response.json())

        return response_401

    if response.status_code == 404:
        response_404 = ErrorEnvelopeWithEnvelop.from_dict(response.json())

        return response_404

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
    cursor: str | Unset = UNSET,
    limit: int | Unset = UNSET,
) -> Response[CompanyList | ErrorEnvelope | ErrorEnvelopeWithEnvelop]:
    """List the companies this API client manages

     Every company this API client created, in name order; no other client's. `limit` and `cursor` page
    it.

    Refusals: 401 `Unauthorized access`, with `envelop: []`.

    Args:
        cursor (str | Unset):
        limit (int | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[CompanyList | ErrorEnvelope | ErrorEnvelopeWithEnvelop]
    """

    kwargs = _get_kwargs(
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
    cursor: str | Unset = UNSET,
    limit: int | Unset = UNSET,
) -> CompanyList | ErrorEnvelope | ErrorEnvelopeWithEnvelop | None:
    """List the companies this API client manages

     Every company this API client created, in name order; no other client's. `limit` and `cursor` page
    it.

    Refusals: 401 `Unauthorized access`, with `envelop: []`.

    Args:
        cursor (str | Unset):
        limit (int | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        CompanyList | ErrorEnvelope | ErrorEnvelopeWithEnvelop
    """

    return sync_detailed(
        client=client,
        cursor=cursor,
        limit=limit,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    cursor: str | Unset = UNSET,
    limit: int | Unset = UNSET,
) -> Response[CompanyList | ErrorEnvelope | ErrorEnvelopeWithEnvelop]:
    """List the companies this API client manages

     Every company this API client created, in name order; no other client's. `limit` and `cursor` page
    it.

    Refusals: 401 `Unauthorized access`, with `envelop: []`.

    Args:
        cursor (str | Unset):
        limit (int | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[CompanyList | ErrorEnvelope | ErrorEnvelopeWithEnvelop]
    """

    kwargs = _get_kwargs(
        cursor=cursor,
        limit=limit,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient,
    cursor: str | Unset = UNSET,
    limit: int | Unset = UNSET,
) -> CompanyList | ErrorEnvelope | ErrorEnvelopeWithEnvelop | None:
    """List the companies this API client manages

     Every company this API client created, in name order; no other client's. `limit` and `cursor` page
    it.

    Refusals: 401 `Unauthorized access`, with `envelop: []`.

    Args:
        cursor (str | Unset):
        limit (int | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        CompanyList | ErrorEnvelope | ErrorEnvelopeWithEnvelop
    """

    return (
        await asyncio_detailed(
            client=client,
            cursor=cursor,
            limit=limit,
        )
    ).parsed
