import datetime
from http import HTTPStatus
from typing import Any

import httpx

from ...client import AuthenticatedClient, Client
from ...models.error_envelope import ErrorEnvelope
from ...models.hardware_list import HardwareList
from ...models.hardwares_list_lifecycle import HardwaresListLifecycle
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    company_code: str,
    country_code: str | Unset = UNSET,
    cursor: str | Unset = UNSET,
    lifecycle: HardwaresListLifecycle | Unset = UNSET,
    limit: int | Unset = UNSET,
    updated_since: datetime.datetime | Unset = UNSET,
) -> dict[str, Any]:

    params: dict[str, Any] = {}

    params["companyCode"] = company_code

    params["countryCode"] = country_code

    params["cursor"] = cursor

    json_lifecycle: str | Unset = UNSET
    if not isinstance(lifecycle, Unset):
        json_lifecycle = lifecycle.value

    params["lifecycle"] = json_lifecycle

    params["limit"] = limit

    json_updated_since: str | Unset = UNSET
    if not isinstance(updated_since, Unset):
        json_updated_since = updated_since.isoformat()
    params["updatedSince"] = json_updated_since

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/hardwares",
        "params": params,
    }

    return _kwargs


def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> ErrorEnvelope | HardwareList:
    if response.status_code == 200:
        response_200 = HardwareList.from_dict(response.json())

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
) -> Response[ErrorEnvelope | HardwareList]:
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
    country_code: str | Unset = UNSET,
    cursor: str | Unset = UNSET,
    lifecycle: HardwaresListLifecycle | Unset = UNSET,
    limit: int | Unset = UNSET,
    updated_since: datetime.datetime | Unset = UNSET,
) -> Response[ErrorEnvelope | HardwareList]:
    """List the company's hardware items

     Every item of the company, in storage and with employees, newest first, with its notes, employee,
    storage and movement requests. `countryCode` narrows them to one country; `updatedSince`, `limit`
    and `cursor` sync them a page at a time. `lifecycle` keeps the items at that point of their life
    (ACTIVE, AWAITING_WIPE, RETIRED; all by default).

    Refusals: 400 `Missing required filter: companyCode`; 400 `Invalid company code` for a code this API
    client does not manage; 400 `Invalid country code`, `Invalid lifecycle: expected ACTIVE,
    AWAITING_WIPE or RETIRED`.

    Args:
        company_code (str):
        country_code (str | Unset):
        cursor (str | Unset):
        lifecycle (HardwaresListLifecycle | Unset):
        limit (int | Unset):
        updated_since (datetime.datetime | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorEnvelope | HardwareList]
    """

    kwargs = _get_kwargs(
        company_code=company_code,
        country_code=country_code,
        cursor=cursor,
        lifecycle=lifecycle,
        limit=limit,
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
    country_code: str | Unset = UNSET,
    cursor: str | Unset = UNSET,
    lifecycle: HardwaresListLifecycle | Unset = UNSET,
    limit: int | Unset = UNSET,
    updated_since: datetime.datetime | Unset = UNSET,
) -> ErrorEnvelope | HardwareList | None:
    """List the company's hardware items

     Every item of the company, in storage and with employees, newest first, with its notes, employee,
    storage and movement requests. `countryCode` narrows them to one country; `updatedSince`, `limit`
    and `cursor` sync them a page at a time. `lifecycle` keeps the items at that point of their life
    (ACTIVE, AWAITING_WIPE, RETIRED; all by default).

    Refusals: 400 `Missing required filter: companyCode`; 400 `Invalid company code` for a code this API
    client does not manage; 400 `Invalid country code`, `Invalid lifecycle: expected ACTIVE,
    AWAITING_WIPE or RETIRED`.

    Args:
        company_code (str):
        country_code (str | Unset):
        cursor (str | Unset):
        lifecycle (HardwaresListLifecycle | Unset):
        limit (int | Unset):
        updated_since (datetime.datetime | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorEnvelope | HardwareList
    """

    return sync_detailed(
        client=client,
        company_code=company_code,
        country_code=country_code,
        cursor=cursor,
        lifecycle=lifecycle,
        limit=limit,
        updated_since=updated_since,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    company_code: str,
    country_code: str | Unset = UNSET,
    cursor: str | Unset = UNSET,
    lifecycle: HardwaresListLifecycle | Unset = UNSET,
    limit: int | Unset = UNSET,
    updated_since: datetime.datetime | Unset = UNSET,
) -> Response[ErrorEnvelope | HardwareList]:
    """List the company's hardware items

     Every item of the company, in storage and with employees, newest first, with its notes, employee,
    storage and movement requests. `countryCode` narrows them to one country; `updatedSince`, `limit`
    and `cursor` sync them a page at a time. `lifecycle` keeps the items at that point of their life
    (ACTIVE, AWAITING_WIPE, RETIRED; all by default).

    Refusals: 400 `Missing required filter: companyCode`; 400 `Invalid company code` for a code this API
    client does not manage; 400 `Invalid country code`, `Invalid lifecycle: expected ACTIVE,
    AWAITING_WIPE or RETIRED`.

    Args:
        company_code (str):
        country_code (str | Unset):
        cursor (str | Unset):
        lifecycle (HardwaresListLifecycle | Unset):
        limit (int | Unset):
        updated_since (datetime.datetime | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorEnvelope | HardwareList]
    """

    kwargs = _get_kwargs(
        company_code=company_code,
        country_code=country_code,
        cursor=cursor,
        lifecycle=lifecycle,
        limit=limit,
        updated_since=updated_since,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient,
    company_code: str,
    country_code: str | Unset = UNSET,
    cursor: str | Unset = UNSET,
    lifecycle: HardwaresListLifecycle | Unset = UNSET,
    limit: int | Unset = UNSET,
    updated_since: datetime.datetime | Unset = UNSET,
) -> ErrorEnvelope | HardwareList | None:
    """List the company's hardware items

     Every item of the company, in storage and with employees, newest first, with its notes, employee,
    storage and movement requests. `countryCode` narrows them to one country; `updatedSince`, `limit`
    and `cursor` sync them a page at a time. `lifecycle` keeps the items at that point of their life
    (ACTIVE, AWAITING_WIPE, RETIRED; all by default).

    Refusals: 400 `Missing required filter: companyCode`; 400 `Invalid company code` for a code this API
    client does not manage; 400 `Invalid country code`, `Invalid lifecycle: expected ACTIVE,
    AWAITING_WIPE or RETIRED`.

    Args:
        company_code (str):
        country_code (str | Unset):
        cursor (str | Unset):
        lifecycle (HardwaresListLifecycle | Unset):
        limit (int | Unset):
        updated_since (datetime.datetime | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorEnvelope | HardwareList
    """

    return (
        await asyncio_detailed(
            client=client,
            company_code=company_code,
            country_code=country_code,
            cursor=cursor,
            lifecycle=lifecycle,
            limit=limit,
            updated_since=updated_since,
        )
    ).parsed
