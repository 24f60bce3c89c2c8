import datetime
from http import HTTPStatus
from typing import Any

import httpx

from ...client import AuthenticatedClient, Client
from ...models.error_envelope import ErrorEnvelope
from ...models.movement_request_list import MovementRequestList
from ...models.movement_requests_list_status import MovementRequestsListStatus
from ...models.movement_requests_list_type import MovementRequestsListType
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    company_code: str,
    cursor: str | Unset = UNSET,
    limit: int | Unset = UNSET,
    status: MovementRequestsListStatus | Unset = UNSET,
    type_: MovementRequestsListType | Unset = UNSET,
    updated_since: datetime.datetime | Unset = UNSET,
) -> dict[str, Any]:

    params: dict[str, Any] = {}

    params["companyCode"] = company_code

    params["cursor"] = cursor

    params["limit"] = limit

    json_status: str | Unset = UNSET
    if not isinstance(status, Unset):
        json_status = status.value

    params["status"] = json_status

    json_type_: str | Unset = UNSET
    if not isinstance(type_, Unset):
        json_type_ = type_.value

    params["type"] = json_type_

    json_updated_since: str | Unset = UNSET
    if not isinstance(updated_since, Unset):
        json_updated_since = updated_since.isoformat()
    params["updatedSince"] = json_updated_since

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/movement_requests",
        "params": params,
    }

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
    *,
    client: AuthenticatedClient,
    company_code: str,
    cursor: str | Unset = UNSET,
    limit: int | Unset = UNSET,
    status: MovementRequestsListStatus | Unset = UNSET,
    type_: MovementRequestsListType | Unset = UNSET,
    updated_since: datetime.datetime | Unset = UNSET,
) -> Response[ErrorEnvelope | MovementRequestList]:
    """List the company's movement requests

     The company's movement requests, open (PROCESSING, COORDINATED) and finished (DONE, CANCELLED),
    newest first, with their status history (entries without id). `type` narrows them to ONBOARDING,
    OFFBOARDING or OFF_ON, `status` to one status; `updatedSince`, `limit` and `cursor` sync them a page
    at a time.

    Refusals: 400 `Missing required filter: companyCode`; 400 `Invalid Company code`; 400 `Invalid type:
    expected ONBOARDING, OFFBOARDING or OFF_ON`; 400 `Invalid status: expected PROCESSING, COORDINATED,
    DONE or CANCELLED`.

    Args:
        company_code (str):
        cursor (str | Unset):
        limit (int | Unset):
        status (MovementRequestsListStatus | Unset):
        type_ (MovementRequestsListType | Unset):
        updated_since (datetime.datetime | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorEnvelope | MovementRequestList]
    """

    kwargs = _get_kwargs(
        company_code=company_code,
        cursor=cursor,
        limit=limit,
        status=status,
        type_=type_,
        updated_since=updated_since,
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
    status: MovementRequestsListStatus | Unset = UNSET,
    type_: MovementRequestsListType | Unset = UNSET,
    updated_since: datetime.datetime | Unset = UNSET,
) -> ErrorEnvelope | MovementRequestList | None:
    """List the company's movement requests

     The company's movement requests, open (PROCESSING, COORDINATED) and finished (DONE, CANCELLED),
    newest first, with their status history (entries without id). `type` narrows them to ONBOARDING,
    OFFBOARDING or OFF_ON, `status` to one status; `updatedSince`, `limit` and `cursor` sync them a page
    at a time.

    Refusals: 400 `Missing required filter: companyCode`; 400 `Invalid Company code`; 400 `Invalid type:
    expected ONBOARDING, OFFBOARDING or OFF_ON`; 400 `Invalid status: expected PROCESSING, COORDINATED,
    DONE or CANCELLED`.

    Args:
        company_code (str):
        cursor (str | Unset):
        limit (int | Unset):
        status (MovementRequestsListStatus | Unset):
        type_ (MovementRequestsListType | Unset):
        updated_since (datetime.datetime | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorEnvelope | MovementRequestList
    """

    return sync_detailed(
        client=client,
        company_code=company_code,
        cursor=cursor,
        limit=limit,
        status=status,
        type_=type_,
        updated_since=updated_since,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    company_code: str,
    cursor: str | Unset = UNSET,
    limit: int | Unset = UNSET,
    status: MovementRequestsListStatus | Unset = UNSET,
    type_: MovementRequestsListType | Unset = UNSET,
    updated_since: datetime.datetime | Unset = UNSET,
) -> Response[ErrorEnvelope | MovementRequestList]:
    """List the company's movement requests

     The company's movement requests, open (PROCESSING, COORDINATED) and finished (DONE, CANCELLED),
    newest first, with their status history (entries without id). `type` narrows them to ONBOARDING,
    OFFBOARDING or OFF_ON, `status` to one status; `updatedSince`, `limit` and `cursor` sync them a page
    at a time.

    Refusals: 400 `Missing required filter: companyCode`; 400 `Invalid Company code`; 400 `Invalid type:
    expected ONBOARDING, OFFBOARDING or OFF_ON`; 400 `Invalid status: expected PROCESSING, COORDINATED,
    DONE or CANCELLED`.

    Args:
        company_code (str):
        cursor (str | Unset):
        limit (int | Unset):
        status (MovementRequestsListStatus | Unset):
        type_ (MovementRequestsListType | Unset):
        updated_since (datetime.datetime | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorEnvelope | MovementRequestList]
    """

    kwargs = _get_kwargs(
        company_code=company_code,
        cursor=cursor,
        limit=limit,
        status=status,
        type_=type_,
        updated_since=updated_since,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient,
    company_code: str,
    cursor: str | Unset = UNSET,
    limit: int | Unset = UNSET,
    status: MovementRequestsListStatus | Unset = UNSET,
    type_: MovementRequestsListType | Unset = UNSET,
    updated_since: datetime.datetime | Unset = UNSET,
) -> ErrorEnvelope | MovementRequestList | None:
    """List the company's movement requests

     The company's movement requests, open (PROCESSING, COORDINATED) and finished (DONE, CANCELLED),
    newest first, with their status history (entries without id). `type` narrows them to ONBOARDING,
    OFFBOARDING or OFF_ON, `status` to one status; `updatedSince`, `limit` and `cursor` sync them a page
    at a time.

    Refusals: 400 `Missing required filter: companyCode`; 400 `Invalid Company code`; 400 `Invalid type:
    expected ONBOARDING, OFFBOARDING or OFF_ON`; 400 `Invalid status: expected PROCESSING, COORDINATED,
    DONE or CANCELLED`.

    Args:
        company_code (str):
        cursor (str | Unset):
        limit (int | Unset):
        status (MovementRequestsListStatus | Unset):
        type_ (MovementRequestsListType | Unset):
        updated_since (datetime.datetime | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorEnvelope | MovementRequestList
    """

    return (
        await asyncio_detailed(
            client=client,
            company_code=company_code,
            cursor=cursor,
            limit=limit,
            status=status,
            type_=type_,
            updated_since=updated_since,
        )
    ).parsed
