from http import HTTPStatus
from typing import Any
from urllib.parse import quote
from uuid import UUID

import httpx

from ...client import AuthenticatedClient, Client
from ...models.error_envelope import ErrorEnvelope
from ...models.movement_request_advance_request import MovementRequestAdvanceRequest
from ...models.movement_request_list import MovementRequestList
from ...types import UNSET, Response, Unset


def _get_kwargs(
    movement_request_id: UUID,
    *,
    body: MovementRequestAdvanceRequest,
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
        "url": "/sandbox/movement_requests/{movement_request_id}/advance".format(
            movement_request_id=quote(str(movement_request_id), safe=""),
        ),
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> ErrorEnvelope | MovementRequestList:
    if response.status_code == 200:
        response_200 = MovementRequestList.from_dict(response.json())

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
) -> Response[ErrorEnvelope | MovementRequestList]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    movement_request_id: UUID,
    *,
    client: AuthenticatedClient,
    body: MovementRequestAdvanceRequest,
    idempotency_key: str | Unset = UNSET,
    x_change_reason: str | Unset = UNSET,
) -> Response[ErrorEnvelope | MovementRequestList]:
    """Sandbox: move a movement request as the operator would (not in production)

     Not in production, where this path is unknown (404).

    Makes the operator's move of one of the company's movement requests, exactly as the
    provider's operator makes it in the admin: the same rules, history (with this API client as
    who made the move) and webhook (`movement_request.status_changed`). The moves: PROCESSING →
    COORDINATED → DONE, PROCESSING → DONE, and PROCESSING or COORDINATED → CANCELLED. At **DONE**
    the hardware lands: with `toEmployee` (status EMPLOYEE) for ONBOARDING and OFF_ON, in storage
    (status STORAGE) for OFFBOARDING; `dateCompleted` is set. At **CANCELLED** it is released
    where it is (`inMovement` false): in storage for an ONBOARDING, with `fromEmployee` for an
    OFFBOARDING or OFF_ON. DONE and CANCELLED are final.

    `eta`, `trackingCode` and `trackingLink`, when sent, are kept on the request and in its
    history. Answers the request as `GET /movement_requests/{movementRequestId}` shows it.

    Refusals: 400 `Invalid MovementRequest id` (an id that is no UUID), `Invalid company code`, a
    `status`
    outside COORDINATED, DONE, CANCELLED (listed in the message), and a move the request
    cannot make, naming its status and the asked one (`Movement request 7 cannot move from DONE
    to COORDINATED (allowed: none, it makes no more moves)`); 404 `Movement request not found`
    for a request that is not the company's.

    Args:
        movement_request_id (UUID):
        idempotency_key (str | Unset):
        x_change_reason (str | Unset):
        body (MovementRequestAdvanceRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorEnvelope | MovementRequestList]
    """

    kwargs = _get_kwargs(
        movement_request_id=movement_request_id,
        body=body,
        idempotency_key=idempotency_key,
        x_change_reason=x_change_reason,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    movement_request_id: UUID,
    *,
    client: AuthenticatedClient,
    body: MovementRequestAdvanceRequest,
    idempotency_key: str | Unset = UNSET,
    x_change_reason: str | Unset = UNSET,
) -> ErrorEnvelope | MovementRequestList | None:
    """Sandbox: move a movement request as the operator would (not in production)

     Not in production, where this path is unknown (404).

    Makes the operator's move of one of the company's movement requests, exactly as the
    provider's operator makes it in the admin: the same rules, history (with this API client as
    who made the move) and webhook (`movement_request.status_changed`). The moves: PROCESSING →
    COORDINATED → DONE, PROCESSING → DONE, and PROCESSING or COORDINATED → CANCELLED. At **DONE**
    the hardware lands: with `toEmployee` (status EMPLOYEE) for ONBOARDING and OFF_ON, in storage
    (status STORAGE) for OFFBOARDING; `dateCompleted` is set. At **CANCELLED** it is released
    where it is (`inMovement` false): in storage for an ONBOARDING, with `fromEmployee` for an
    OFFBOARDING or OFF_ON. DONE and CANCELLED are final.

    `eta`, `trackingCode` and `trackingLink`, when sent, are kept on the request and in its
    history. Answers the request as `GET /movement_requests/{movementRequestId}` shows it.

    Refusals: 400 `Invalid MovementRequest id` (an id that is no UUID), `Invalid company code`, a
    `status`
    outside COORDINATED, DONE, CANCELLED (listed in the message), and a move the request
    cannot make, naming its status and the asked one (`Movement request 7 cannot move from DONE
    to COORDINATED (allowed: none, it makes no more moves)`); 404 `Movement request not found`
    for a request that is not the company's.

    Args:
        movement_request_id (UUID):
        idempotency_key (str | Unset):
        x_change_reason (str | Unset):
        body (MovementRequestAdvanceRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorEnvelope | MovementRequestList
    """

    return sync_detailed(
        movement_request_id=movement_request_id,
        client=client,
        body=body,
        idempotency_key=idempotency_key,
        x_change_reason=x_change_reason,
    ).parsed


async def asyncio_detailed(
    movement_request_id: UUID,
    *,
    client: AuthenticatedClient,
    body: MovementRequestAdvanceRequest,
    idempotency_key: str | Unset = UNSET,
    x_change_reason: str | Unset = UNSET,
) -> Response[ErrorEnvelope | MovementRequestList]:
    """Sandbox: move a movement request as the operator would (not in production)

     Not in production, where this path is unknown (404).

    Makes the operator's move of one of the company's movement requests, exactly as the
    provider's operator makes it in the admin: the same rules, history (with this API client as
    who made the move) and webhook (`movement_request.status_changed`). The moves: PROCESSING →
    COORDINATED → DONE, PROCESSING → DONE, and PROCESSING or COORDINATED → CANCELLED. At **DONE**
    the hardware lands: with `toEmployee` (status EMPLOYEE) for ONBOARDING and OFF_ON, in storage
    (status STORAGE) for OFFBOARDING; `dateCompleted` is set. At **CANCELLED** it is released
    where it is (`inMovement` false): in storage for an ONBOARDING, with `fromEmployee` for an
    OFFBOARDING or OFF_ON. DONE and CANCELLED are final.

    `eta`, `trackingCode` and `trackingLink`, when sent, are kept on the request and in its
    history. Answers the request as `GET /movement_requests/{movementRequestId}` shows it.

    Refusals: 400 `Invalid MovementRequest id` (an id that is no UUID), `Invalid company code`, a
    `status`
    outside COORDINATED, DONE, CANCELLED (listed in the message), and a move the request
    cannot make, naming its status and the asked one (`Movement request 7 cannot move from DONE
    to COORDINATED (allowed: none, it makes no more moves)`); 404 `Movement request not found`
    for a request that is not the company's.

    Args:
        movement_request_id (UUID):
        idempotency_key (str | Unset):
        x_change_reason (str | Unset):
        body (MovementRequestAdvanceRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorEnvelope | MovementRequestList]
    """

    kwargs = _get_kwargs(
        movement_request_id=movement_request_id,
        body=body,
        idempotency_key=idempotency_key,
        x_change_reason=x_change_reason,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    movement_request_id: UUID,
    *,
    client: AuthenticatedClient,
    body: MovementRequestAdvanceRequest,
    idempotency_key: str | Unset = UNSET,
    x_change_reason: str | Unset = UNSET,
) -> ErrorEnvelope | MovementRequestList | None:
    """Sandbox: move a movement request as the operator would (not in production)

     Not in production, where this path is unknown (404).

    Makes the operator's move of one of the company's movement requests, exactly as the
    provider's operator makes it in the admin: the same rules, history (with this API client as
    who made the move) and webhook (`movement_request.status_changed`). The moves: PROCESSING →
    COORDINATED → DONE, PROCESSING → DONE, and PROCESSING or COORDINATED → CANCELLED. At **DONE**
    the hardware lands: with `toEmployee` (status EMPLOYEE) for ONBOARDING and OFF_ON, in storage
    (status STORAGE) for OFFBOARDING; `dateCompleted` is set. At **CANCELLED** it is released
    where it is (`inMovement` false): in storage for an ONBOARDING, with `fromEmployee` for an
    OFFBOARDING or OFF_ON. DONE and CANCELLED are final.

    `eta`, `trackingCode` and `trackingLink`, when sent, are kept on the request and in its
    history. Answers the request as `GET /movement_requests/{movementRequestId}` shows it.

    Refusals: 400 `Invalid MovementRequest id` (an id that is no UUID), `Invalid company code`, a
    `status`
    outside COORDINATED, DONE, CANCELLED (listed in the message), and a move the request
    cannot make, naming its status and the asked one (`Movement request 7 cannot move from DONE
    to COORDINATED (allowed: none, it makes no more moves)`); 404 `Movement request not found`
    for a request that is not the company's.

    Args:
        movement_request_id (UUID):
        idempotency_key (str | Unset):
        x_change_reason (str | Unset):
        body (MovementRequestAdvanceRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorEnvelope | MovementRequestList
    """

    return (
        await asyncio_detailed(
            movement_request_id=movement_request_id,
            client=client,
            body=body,
            idempotency_key=idempotency_key,
            x_change_reason=x_change_reason,
        )
    ).parsed
