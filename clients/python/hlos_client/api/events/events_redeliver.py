from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...models.error_envelope import ErrorEnvelope
from ...models.event_list import EventList
from ...models.event_redeliver_request import EventRedeliverRequest
from ...types import UNSET, Response, Unset


def _get_kwargs(
    event_id: str,
    *,
    body: EventRedeliverRequest,
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
        "url": "/events/{event_id}/redeliver".format(
            event_id=quote(str(event_id), safe=""),
        ),
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
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
) -> Response[ErrorEnvelope | EventList]:
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
    body: EventRedeliverRequest,
    idempotency_key: str | Unset = UNSET,
    x_change_reason: str | Unset = UNSET,
) -> Response[ErrorEnvelope | EventList]:
    """Send an event to the company's webhookUrl again

     Queues the event again from the start of the retry schedule, with the same id (`webhook-id`), and
    answers it as the feed shows it (an event waiting for a retry is sent at once).

    Refusals: 400 `Company has no webhookUrl` when none is set; 409 `Event is being sent right now`
    while a worker is sending it; 400 `Missing required field: companyCode`; 400 `Invalid company code`
    for a code this API client does not manage; 404 `Event not found`.

    Args:
        event_id (str):
        idempotency_key (str | Unset):
        x_change_reason (str | Unset):
        body (EventRedeliverRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorEnvelope | EventList]
    """

    kwargs = _get_kwargs(
        event_id=event_id,
        body=body,
        idempotency_key=idempotency_key,
        x_change_reason=x_change_reason,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    event_id: str,
    *,
    client: AuthenticatedClient,
    body: EventRedeliverRequest,
    idempotency_key: str | Unset = UNSET,
    x_change_reason: str | Unset = UNSET,
) -> ErrorEnvelope | EventList | None:
    """Send an event to the company's webhookUrl again

     Queues the event again from the start of the retry schedule, with the same id (`webhook-id`), and
    answers it as the feed shows it (an event waiting for a retry is sent at once).

    Refusals: 400 `Company has no webhookUrl` when none is set; 409 `Event is being sent right now`
    while a worker is sending it; 400 `Missing required field: companyCode`; 400 `Invalid company code`
    for a code this API client does not manage; 404 `Event not found`.

    Args:
        event_id (str):
        idempotency_key (str | Unset):
        x_change_reason (str | Unset):
        body (EventRedeliverRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorEnvelope | EventList
    """

    return sync_detailed(
        event_id=event_id,
        client=client,
        body=body,
        idempotency_key=idempotency_key,
        x_change_reason=x_change_reason,
    ).parsed


async def asyncio_detailed(
    event_id: str,
    *,
    client: AuthenticatedClient,
    body: EventRedeliverRequest,
    idempotency_key: str | Unset = UNSET,
    x_change_reason: str | Unset = UNSET,
) -> Response[ErrorEnvelope | EventList]:
    """Send an event to the company's webhookUrl again

     Queues the event again from the start of the retry schedule, with the same id (`webhook-id`), and
    answers it as the feed shows it (an event waiting for a retry is sent at once).

    Refusals: 400 `Company has no webhookUrl` when none is set; 409 `Event is being sent right now`
    while a worker is sending it; 400 `Missing required field: companyCode`; 400 `Invalid company code`
    for a code this API client does not manage; 404 `Event not found`.

    Args:
        event_id (str):
        idempotency_key (str | Unset):
        x_change_reason (str | Unset):
        body (EventRedeliverRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorEnvelope | EventList]
    """

    kwargs = _get_kwargs(
        event_id=event_id,
        body=body,
        idempotency_key=idempotency_key,
        x_change_reason=x_change_reason,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    event_id: str,
    *,
    client: AuthenticatedClient,
    body: EventRedeliverRequest,
    idempotency_key: str | Unset = UNSET,
    x_change_reason: str | Unset = UNSET,
) -> ErrorEnvelope | EventList | None:
    """Send an event to the company's webhookUrl again

     Queues the event again from the start of the retry schedule, with the same id (`webhook-id`), and
    answers it as the feed shows it (an event waiting for a retry is sent at once).

    Refusals: 400 `Company has no webhookUrl` when none is set; 409 `Event is being sent right now`
    while a worker is sending it; 400 `Missing required field: companyCode`; 400 `Invalid company code`
    for a code this API client does not manage; 404 `Event not found`.

    Args:
        event_id (str):
        idempotency_key (str | Unset):
        x_change_reason (str | Unset):
        body (EventRedeliverRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorEnvelope | EventList
    """

    return (
        await asyncio_detailed(
            event_id=event_id,
            client=client,
            body=body,
            idempotency_key=idempotency_key,
            x_change_reason=x_change_reason,
        )
    ).parsed
