import datetime
from http import HTTPStatus
from typing import Any

import httpx

from ...client import AuthenticatedClient, Client
from ...models.audit_event_list import AuditEventList
from ...models.audit_events_list_action import AuditEventsListAction
from ...models.audit_events_list_actor_type import AuditEventsListActorType
from ...models.audit_events_list_target_type import AuditEventsListTargetType
from ...models.error_envelope import ErrorEnvelope
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    action: AuditEventsListAction | Unset = UNSET,
    actor_type: AuditEventsListActorType | Unset = UNSET,
    company_code: str,
    cursor: str | Unset = UNSET,
    limit: int | Unset = UNSET,
    request_id: str | Unset = UNSET,
    since: datetime.datetime | Unset = UNSET,
    target_id: str | Unset = UNSET,
    target_type: AuditEventsListTargetType | Unset = UNSET,
    until: datetime.datetime | Unset = UNSET,
) -> dict[str, Any]:

    params: dict[str, Any] = {}

    json_action: str | Unset = UNSET
    if not isinstance(action, Unset):
        json_action = action.value

    params["action"] = json_action

    json_actor_type: str | Unset = UNSET
    if not isinstance(actor_type, Unset):
        json_actor_type = actor_type.value

    params["actorType"] = json_actor_type

    params["companyCode"] = company_code

    params["cursor"] = cursor

    params["limit"] = limit

    params["requestId"] = request_id

    json_since: str | Unset = UNSET
    if not isinstance(since, Unset):
        json_since = since.isoformat()
    params["since"] = json_since

    params["targetId"] = target_id

    json_target_type: str | Unset = UNSET
    if not isinstance(target_type, Unset):
        json_target_type = target_type.value

    params["targetType"] = json_target_type

    json_until: str | Unset = UNSET
    if not isinstance(until, Unset):
        json_until = until.isoformat()
    params["until"] = json_until

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/audit-events",
        "params": params,
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> AuditEventList | ErrorEnvelope:
    if response.status_code == 200:
        response_200 = AuditEventList.from_dict(response.json())

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
) -> Response[AuditEventList | ErrorEnvelope]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    action: AuditEventsListAction | Unset = UNSET,
    actor_type: AuditEventsListActorType | Unset = UNSET,
    company_code: str,
    cursor: str | Unset = UNSET,
    limit: int | Unset = UNSET,
    request_id: str | Unset = UNSET,
    since: datetime.datetime | Unset = UNSET,
    target_id: str | Unset = UNSET,
    target_type: AuditEventsListTargetType | Unset = UNSET,
    until: datetime.datetime | Unset = UNSET,
) -> Response[AuditEventList | ErrorEnvelope]:
    """List the changes made to the company's records, newest first

     The audit trail: every change to the company, its employees, hardware items (and their notes),
    orders (and their lines and alternative groups) and movement requests, whoever made it and however
    (this API, the provider's back office, a command, a worker). Each event says who (`actor`: an API
    client by name; the provider's staff as `{"type": "OPERATOR", "name": "Operations"}`), through what
    (`source`), in which request (`requestId`, `idempotencyKey`), why (`reason`: the `X-Change-Reason`
    sent), and what changed: `changes` maps each field, named as the API names it, to `{old, new}` in
    the API's own values (an employee's e-mail, a status, a price as a string). A record created shows
    the fields it was given (`old` null), one deleted the fields it had (`new` null); a secret (the
    webhook signing secret) shows `***` for both.

    Criteria, each optional: `targetType` (a type takes its child records with it: `ORDER` gives the
    orders' lines and alternative groups too), `targetId` (a record's events and its children's),
    `actorType`, `action` (`STATUS_CHANGED`: an update that moved the status; `UPDATED`: the other
    updates), `requestId`, `since` (at or after) and `until` (before), ISO 8601 date-times with their
    offset. `limit` and `cursor` page it; without `limit` the whole list.

    Refusals: 400 `Missing required filter: companyCode`; 400 `Invalid company code` for a code this API
    client does not manage; 400 `Invalid targetType: expected ...`, `Invalid actorType: expected ...`
    and `Invalid action: expected ...`, naming the values there are; 400 `Invalid targetId: expected the
    id of a record`; 400 `Invalid requestId`; 400 `Invalid since: expected ...` and `Invalid until:
    expected ...`, saying the format; 400 `Invalid limit: expected ...`, saying the range; 400 `Invalid
    cursor`.

    Args:
        action (AuditEventsListAction | Unset):
        actor_type (AuditEventsListActorType | Unset):
        company_code (str):
        cursor (str | Unset):
        limit (int | Unset):
        request_id (str | Unset):
        since (datetime.datetime | Unset):
        target_id (str | Unset):
        target_type (AuditEventsListTargetType | Unset):
        until (datetime.datetime | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[AuditEventList | ErrorEnvelope]
    """

    kwargs = _get_kwargs(
        action=action,
        actor_type=actor_type,
        company_code=company_code,
        cursor=cursor,
        limit=limit,
        request_id=request_id,
        since=since,
        target_id=target_id,
        target_type=target_type,
        until=until,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient,
    action: AuditEventsListAction | Unset = UNSET,
    actor_type: AuditEventsListActorType | Unset = UNSET,
    company_code: str,
    cursor: str | Unset = UNSET,
    limit: int | Unset = UNSET,
    request_id: str | Unset = UNSET,
    since: datetime.datetime | Unset = UNSET,
    target_id: str | Unset = UNSET,
    target_type: AuditEventsListTargetType | Unset = UNSET,
    until: datetime.datetime | Unset = UNSET,
) -> AuditEventList | ErrorEnvelope | None:
    """List the changes made to the company's records, newest first

     The audit trail: every change to the company, its employees, hardware items (and their notes),
    orders (and their lines and alternative groups) and movement requests, whoever made it and however
    (this API, the provider's back office, a command, a worker). Each event says who (`actor`: an API
    client by name; the provider's staff as `{"type": "OPERATOR", "name": "Operations"}`), through what
    (`source`), in which request (`requestId`, `idempotencyKey`), why (`reason`: the `X-Change-Reason`
    sent), and what changed: `changes` maps each field, named as the API names it, to `{old, new}` in
    the API's own values (an employee's e-mail, a status, a price as a string). A record created shows
    the fields it was given (`old` null), one deleted the fields it had (`new` null); a secret (the
    webhook signing secret) shows `***` for both.

    Criteria, each optional: `targetType` (a type takes its child records with it: `ORDER` gives the
    orders' lines and alternative groups too), `targetId` (a record's events and its children's),
    `actorType`, `action` (`STATUS_CHANGED`: an update that moved the status; `UPDATED`: the other
    updates), `requestId`, `since` (at or after) and `until` (before), ISO 8601 date-times with their
    offset. `limit` and `cursor` page it; without `limit` the whole list.

    Refusals: 400 `Missing required filter: companyCode`; 400 `Invalid company code` for a code this API
    client does not manage; 400 `Invalid targetType: expected ...`, `Invalid actorType: expected ...`
    and `Invalid action: expected ...`, naming the values there are; 400 `Invalid targetId: expected the
    id of a record`; 400 `Invalid requestId`; 400 `Invalid since: expected ...` and `Invalid until:
    expected ...`, saying the format; 400 `Invalid limit: expected ...`, saying the range; 400 `Invalid
    cursor`.

    Args:
        action (AuditEventsListAction | Unset):
        actor_type (AuditEventsListActorType | Unset):
        company_code (str):
        cursor (str | Unset):
        limit (int | Unset):
        request_id (str | Unset):
        since (datetime.datetime | Unset):
        target_id (str | Unset):
        target_type (AuditEventsListTargetType | Unset):
        until (datetime.datetime | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        AuditEventList | ErrorEnvelope
    """

    return sync_detailed(
        client=client,
        action=action,
        actor_type=actor_type,
        company_code=company_code,
        cursor=cursor,
        limit=limit,
        request_id=request_id,
        since=since,
        target_id=target_id,
        target_type=target_type,
        until=until,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    action: AuditEventsListAction | Unset = UNSET,
    actor_type: AuditEventsListActorType | Unset = UNSET,
    company_code: str,
    cursor: str | Unset = UNSET,
    limit: int | Unset = UNSET,
    request_id: str | Unset = UNSET,
    since: datetime.datetime | Unset = UNSET,
    target_id: str | Unset = UNSET,
    target_type: AuditEventsListTargetType | Unset = UNSET,
    until: datetime.datetime | Unset = UNSET,
) -> Response[AuditEventList | ErrorEnvelope]:
    """List the changes made to the company's records, newest first

     The audit trail: every change to the company, its employees, hardware items (and their notes),
    orders (and their lines and alternative groups) and movement requests, whoever made it and however
    (this API, the provider's back office, a command, a worker). Each event says who (`actor`: an API
    client by name; the provider's staff as `{"type": "OPERATOR", "name": "Operations"}`), through what
    (`source`), in which request (`requestId`, `idempotencyKey`), why (`reason`: the `X-Change-Reason`
    sent), and what changed: `changes` maps each field, named as the API names it, to `{old, new}` in
    the API's own values (an employee's e-mail, a status, a price as a string). A record created shows
    the fields it was given (`old` null), one deleted the fields it had (`new` null); a secret (the
    webhook signing secret) shows `***` for both.

    Criteria, each optional: `targetType` (a type takes its child records with it: `ORDER` gives the
    orders' lines and alternative groups too), `targetId` (a record's events and its children's),
    `actorType`, `action` (`STATUS_CHANGED`: an update that moved the status; `UPDATED`: the other
    updates), `requestId`, `since` (at or after) and `until` (before), ISO 8601 date-times with their
    offset. `limit` and `cursor` page it; without `limit` the whole list.

    Refusals: 400 `Missing required filter: companyCode`; 400 `Invalid company code` for a code this API
    client does not manage; 400 `Invalid targetType: expected ...`, `Invalid actorType: expected ...`
    and `Invalid action: expected ...`, naming the values there are; 400 `Invalid targetId: expected the
    id of a record`; 400 `Invalid requestId`; 400 `Invalid since: expected ...` and `Invalid until:
    expected ...`, saying the format; 400 `Invalid limit: expected ...`, saying the range; 400 `Invalid
    cursor`.

    Args:
        action (AuditEventsListAction | Unset):
        actor_type (AuditEventsListActorType | Unset):
        company_code (str):
        cursor (str | Unset):
        limit (int | Unset):
        request_id (str | Unset):
        since (datetime.datetime | Unset):
        target_id (str | Unset):
        target_type (AuditEventsListTargetType | Unset):
        until (datetime.datetime | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[AuditEventList | ErrorEnvelope]
    """

    kwargs = _get_kwargs(
        action=action,
        actor_type=actor_type,
        company_code=company_code,
        cursor=cursor,
        limit=limit,
        request_id=request_id,
        since=since,
        target_id=target_id,
        target_type=target_type,
        until=until,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient,
    action: AuditEventsListAction | Unset = UNSET,
    actor_type: AuditEventsListActorType | Unset = UNSET,
    company_code: str,
    cursor: str | Unset = UNSET,
    limit: int | Unset = UNSET,
    request_id: str | Unset = UNSET,
    since: datetime.datetime | Unset = UNSET,
    target_id: str | Unset = UNSET,
    target_type: AuditEventsListTargetType | Unset = UNSET,
    until: datetime.datetime | Unset = UNSET,
) -> AuditEventList | ErrorEnvelope | None:
    """List the changes made to the company's records, newest first

     The audit trail: every change to the company, its employees, hardware items (and their notes),
    orders (and their lines and alternative groups) and movement requests, whoever made it and however
    (this API, the provider's back office, a command, a worker). Each event says who (`actor`: an API
    client by name; the provider's staff as `{"type": "OPERATOR", "name": "Operations"}`), through what
    (`source`), in which request (`requestId`, `idempotencyKey`), why (`reason`: the `X-Change-Reason`
    sent), and what changed: `changes` maps each field, named as the API names it, to `{old, new}` in
    the API's own values (an employee's e-mail, a status, a price as a string). A record created shows
    the fields it was given (`old` null), one deleted the fields it had (`new` null); a secret (the
    webhook signing secret) shows `***` for both.

    Criteria, each optional: `targetType` (a type takes its child records with it: `ORDER` gives the
    orders' lines and alternative groups too), `targetId` (a record's events and its children's),
    `actorType`, `action` (`STATUS_CHANGED`: an update that moved the status; `UPDATED`: the other
    updates), `requestId`, `since` (at or after) and `until` (before), ISO 8601 date-times with their
    offset. `limit` and `cursor` page it; without `limit` the whole list.

    Refusals: 400 `Missing required filter: companyCode`; 400 `Invalid company code` for a code this API
    client does not manage; 400 `Invalid targetType: expected ...`, `Invalid actorType: expected ...`
    and `Invalid action: expected ...`, naming the values there are; 400 `Invalid targetId: expected the
    id of a record`; 400 `Invalid requestId`; 400 `Invalid since: expected ...` and `Invalid until:
    expected ...`, saying the format; 400 `Invalid limit: expected ...`, saying the range; 400 `Invalid
    cursor`.

    Args:
        action (AuditEventsListAction | Unset):
        actor_type (AuditEventsListActorType | Unset):
        company_code (str):
        cursor (str | Unset):
        limit (int | Unset):
        request_id (str | Unset):
        since (datetime.datetime | Unset):
        target_id (str | Unset):
        target_type (AuditEventsListTargetType | Unset):
        until (datetime.datetime | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        AuditEventList | ErrorEnvelope
    """

    return (
        await asyncio_detailed(
            client=client,
            action=action,
            actor_type=actor_type,
            company_code=company_code,
            cursor=cursor,
            limit=limit,
            request_id=request_id,
            since=since,
            target_id=target_id,
            target_type=target_type,
            until=until,
        )
    ).parsed
