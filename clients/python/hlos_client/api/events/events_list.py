import datetime
from http import HTTPStatus
from typing import Any

import httpx

from ...client import AuthenticatedClient, Client
from ...models.error_envelope import ErrorEnvelope
from ...models.event_list import EventList
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    company_code: str,
    cursor: str | Unset = UNSET,
    limit: int | Unset = UNSET,
    since: datetime.datetime | Unset = UNSET,
    type_: str | Unset = UNSET,
) -> dict[str, Any]:

    params: dict[str, Any] = {}

    params["companyCode"] = company_code

    params["cursor"] = cursor

    params["limit"] = limit

    json_since: str | Unset = UNSET
    if not isinstance(since, Unset):
        json_since = since.isoformat()
    params["since"] = json_since

    params["type"] = type_

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/events",
        "params": params,
    }

    return _kwargs


def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> ErrorEnvelope | EventList:
    if response.status_code == 200:
        response_200 = EventList.from_dict(response.json())

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
) -> Response[ErrorEnvelope | EventList]:
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
    since: datetime.datetime | Unset = UNSET,
    type_: str | Unset = UNSET,
) -> Response[ErrorEnvelope | EventList]:
    """List the company's events, newest first

     Every event of the company, whether or not it had a webhookUrl, so a client can catch up on what its
    webhooks said. Each event is exactly the body its webhook was sent with (`id`, `type`, `timestamp`,
    `data`), plus `delivery`: how sending it to the company's webhookUrl stands. `type` narrows it to
    one event type, `since` to the events at or after an instant. Without `limit` the whole list.

    Refusals: 400 `Missing required filter: companyCode`; 400 `Invalid company code` for a code this API
    client does not manage; 400 `Invalid type`; 400 `Invalid since: expected ...`, saying the format;
    400 `Invalid cursor`.

    Args:
        company_code (str):
        cursor (str | Unset):
        limit (int | Unset):
        since (datetime.datetime | Unset):
        type_ (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorEnvelope | EventList]
    """

    kwargs = _get_kwargs(
        company_code=company_code,
        cursor=cursor,
        limit=limit,
        since=since,
        type_=type_,
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
    since: datetime.datetime | Unset = UNSET,
    type_: str | Unset = UNSET,
) -> ErrorEnvelope | EventList | None:
    """List the company's events, newest first

     Every event of the company, whether or not it had a webhookUrl, so a client can catch up on what its
    webhooks said. Each event is exactly the body its webhook was sent with (`id`, `type`, `timestamp`,
    `data`), plus `delivery`: how sending it to the company's webhookUrl stands. `type` narrows it to
    one event type, `since` to the events at or after an instant. Without `limit` the whole list.

    Refusals: 400 `Missing required filter: companyCode`; 400 `Invalid company code` for a code this API
    client does not manage; 400 `Invalid type`; 400 `Invalid since: expected ...`, saying the format;
    400 `Invalid cursor`.

    Args:
        company_code (str):
        cursor (str | Unset):
        limit (int | Unset):
        since (datetime.datetime | Unset):
        type_ (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorEnvelope | EventList
    """

    return sync_detailed(
        client=client,
        company_code=company_code,
        cursor=cursor,
        limit=limit,
        since=since,
        type_=type_,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    company_code: str,
    cursor: str | Unset = UNSET,
    limit: int | Unset = UNSET,
    since: datetime.datetime | Unset = UNSET,
    type_: str | Unset = UNSET,
) -> Response[ErrorEnvelope | EventList]:
    """List the company's events, newest first

     Every event of the company, whether or not it had a webhookUrl, so a client can catch up on what its
    webhooks said. Each event is exactly the body its webhook was sent with (`id`, `type`, `timestamp`,
    `data`), plus `delivery`: how sending it to the company's webhookUrl stands. `type` narrows it to
    one event type, `since` to the events at or after an instant. Without `limit` the whole list.

    Refusals: 400 `Missing required filter: companyCode`; 400 `Invalid company code` for a code this API
    client does not manage; 400 `Invalid type`; 400 `Invalid since: expected ...`, saying the format;
    400 `Invalid cursor`.

    Args:
        company_code (str):
        cursor (str | Unset):
        limit (int | Unset):
        since (datetime.datetime | Unset):
        type_ (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorEnvelope | EventList]
    """

    kwargs = _get_kwargs(
        company_code=company_code,
        cursor=cursor,
        limit=limit,
        since=since,
        type_=type_,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient,
    company_code: str,
    cursor: str | Unset = UNSET,
    limit: int | Unset = UNSET,
    since: datetime.datetime | Unset = UNSET,
    type_: str | Unset = UNSET,
) -> ErrorEnvelope | EventList | None:
    """List the company's events, newest first

     Every event of the company, whether or not it had a webhookUrl, so a client can catch up on what its
    webhooks said. Each event is exactly the body its webhook was sent with (`id`, `type`, `timestamp`,
    `data`), plus `delivery`: how sending it to the company's webhookUrl stands. `type` narrows it to
    one event type, `since` to the events at or after an instant. Without `limit` the whole list.

    Refusals: 400 `Missing required filter: companyCode`; 400 `Invalid company code` for a code this API
    client does not manage; 400 `Invalid type`; 400 `Invalid since: expected ...`, saying the format;
    400 `Invalid cursor`.

    Args:
        company_code (str):
        cursor (str | Unset):
        limit (int | Unset):
        since (datetime.datetime | Unset):
        type_ (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorEnvelope | EventList
    """

    return (
        await asyncio_detailed(
            client=client,
            company_code=company_code,
            cursor=cursor,
            limit=limit,
            since=since,
            type_=type_,
        )
    ).parsed
