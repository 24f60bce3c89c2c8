from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...models.error_envelope import ErrorEnvelope
from ...models.event_detail_list import EventDetailList
from ...types import UNSET, Response


def _get_kwargs(
    event_id: str,
    *,
    company_code: str,
) -> dict[str, Any]:

    params: dict[str, Any] = {}

    params["companyCode"] = company_code

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/events/{event_id}".format(
            event_id=quote(str(event_id), safe=""),
        ),
        "params": params,
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> ErrorEnvelope | EventDetailList:
    if response.status_code == 200:
        response_200 = EventDetailList.from_dict(response.json())

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
) -> Response[ErrorEnvelope | EventDetailList]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    event_id: str,
    *,
    client: AuthenticatedClient,
    company_code: str,
) -> Response[ErrorEnvelope | EventDetailList]:
    """One event, with every attempt to deliver it

     Each event is exactly the body its webhook was sent with (`id`, `type`, `timestamp`, `data`), plus
    `delivery`: how sending it to the company's webhookUrl stands. `attempts` lists every delivery
    attempt, oldest first.

    Refusals: 400 `Missing required filter: companyCode`; 400 `Invalid company code` for a code this API
    client does not manage; 404 `Event not found` (also for an id that is not the event's `msg_...` id,
    and for another company's event).

    Args:
        event_id (str):
        company_code (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorEnvelope | EventDetailList]
    """

    kwargs = _get_kwargs(
        event_id=event_id,
        company_code=company_code,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    event_id: str,
    *,
    client: AuthenticatedClient,
    company_code: str,
) -> ErrorEnvelope | EventDetailList | None:
    """One event, with every attempt to deliver it

     Each event is exactly the body its webhook was sent with (`id`, `type`, `timestamp`, `data`), plus
    `delivery`: how sending it to the company's webhookUrl stands. `attempts` lists every delivery
    attempt, oldest first.

    Refusals: 400 `Missing required filter: companyCode`; 400 `Invalid company code` for a code this API
    client does not manage; 404 `Event not found` (also for an id that is not the event's `msg_...` id,
    and for another company's event).

    Args:
        event_id (str):
        company_code (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorEnvelope | EventDetailList
    """

    return sync_detailed(
        event_id=event_id,
        client=client,
        company_code=company_code,
    ).parsed


async def asyncio_detailed(
    event_id: str,
    *,
    client: AuthenticatedClient,
    company_code: str,
) -> Response[ErrorEnvelope | EventDetailList]:
    """One event, with every attempt to deliver it

     Each event is exactly the body its webhook was sent with (`id`, `type`, `timestamp`, `data`), plus
    `delivery`: how sending it to the company's webhookUrl stands. `attempts` lists every delivery
    attempt, oldest first.

    Refusals: 400 `Missing required filter: companyCode`; 400 `Invalid company code` for a code this API
    client does not manage; 404 `Event not found` (also for an id that is not the event's `msg_...` id,
    and for another company's event).

    Args:
        event_id (str):
        company_code (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorEnvelope | EventDetailList]
    """

    kwargs = _get_kwargs(
        event_id=event_id,
        company_code=company_code,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    event_id: str,
    *,
    client: AuthenticatedClient,
    company_code: str,
) -> ErrorEnvelope | EventDetailList | None:
    """One event, with every attempt to deliver it

     Each event is exactly the body its webhook was sent with (`id`, `type`, `timestamp`, `data`), plus
    `delivery`: how sending it to the company's webhookUrl stands. `attempts` lists every delivery
    attempt, oldest first.

    Refusals: 400 `Missing required filter: companyCode`; 400 `Invalid company code` for a code this API
    client does not manage; 404 `Event not found` (also for an id that is not the event's `msg_...` id,
    and for another company's event).

    Args:
        event_id (str):
        company_code (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorEnvelope | EventDetailList
    """

    return (
        await asyncio_detailed(
            event_id=event_id,
            client=client,
            company_code=company_code,
        )
    ).parsed
