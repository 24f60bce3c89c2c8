import datetime
from http import HTTPStatus
from typing import Any

import httpx

from ...client import AuthenticatedClient, Client
from ...models.employee_list import EmployeeList
from ...models.employees_list_status import EmployeesListStatus
from ...models.error_envelope import ErrorEnvelope
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    company_code: str,
    cursor: str | Unset = UNSET,
    email: str | Unset = UNSET,
    external_reference_id: str | Unset = UNSET,
    limit: int | Unset = UNSET,
    status: EmployeesListStatus | Unset = UNSET,
    updated_since: datetime.datetime | Unset = UNSET,
) -> dict[str, Any]:

    params: dict[str, Any] = {}

    params["companyCode"] = company_code

    params["cursor"] = cursor

    params["email"] = email

    params["externalReferenceId"] = external_reference_id

    params["limit"] = limit

    json_status: str | Unset = UNSET
    if not isinstance(status, Unset):
        json_status = status.value

    params["status"] = json_status

    json_updated_since: str | Unset = UNSET
    if not isinstance(updated_since, Unset):
        json_updated_since = updated_since.isoformat()
    params["updatedSince"] = json_updated_since

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/employees",
        "params": params,
    }

    return _kwargs


def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> EmployeeList | ErrorEnvelope:
    if response.status_code == 200:
        response_200 = EmployeeList.from_dict(response.json())

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
) -> Response[EmployeeList | ErrorEnvelope]:
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
    email: str | Unset = UNSET,
    external_reference_id: str | Unset = UNSET,
    limit: int | Unset = UNSET,
    status: EmployeesListStatus | Unset = UNSET,
    updated_since: datetime.datetime | Unset = UNSET,
) -> Response[EmployeeList | ErrorEnvelope]:
    """List the company's employees

     The company's employees, newest first, as POST /employees answers each: what an HR system syncs from
    (by `updatedSince`, a page at a time). `email`, `externalReferenceId` and `status` narrow the list.

    Refusals: 400 `Missing required filter: companyCode`; 400 `Invalid company code` for a code this API
    client does not manage.

    Args:
        company_code (str):
        cursor (str | Unset):
        email (str | Unset):
        external_reference_id (str | Unset):
        limit (int | Unset):
        status (EmployeesListStatus | Unset):
        updated_since (datetime.datetime | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[EmployeeList | ErrorEnvelope]
    """

    kwargs = _get_kwargs(
        company_code=company_code,
        cursor=cursor,
        email=email,
        external_reference_id=external_reference_id,
        limit=limit,
        status=status,
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
    email: str | Unset = UNSET,
    external_reference_id: str | Unset = UNSET,
    limit: int | Unset = UNSET,
    status: EmployeesListStatus | Unset = UNSET,
    updated_since: datetime.datetime | Unset = UNSET,
) -> EmployeeList | ErrorEnvelope | None:
    """List the company's employees

     The company's employees, newest first, as POST /employees answers each: what an HR system syncs from
    (by `updatedSince`, a page at a time). `email`, `externalReferenceId` and `status` narrow the list.

    Refusals: 400 `Missing required filter: companyCode`; 400 `Invalid company code` for a code this API
    client does not manage.

    Args:
        company_code (str):
        cursor (str | Unset):
        email (str | Unset):
        external_reference_id (str | Unset):
        limit (int | Unset):
        status (EmployeesListStatus | Unset):
        updated_since (datetime.datetime | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        EmployeeList | ErrorEnvelope
    """

    return sync_detailed(
        client=client,
        company_code=company_code,
        cursor=cursor,
        email=email,
        external_reference_id=external_reference_id,
        limit=limit,
        status=status,
        updated_since=updated_since,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    company_code: str,
    cursor: str | Unset = UNSET,
    email: str | Unset = UNSET,
    external_reference_id: str | Unset = UNSET,
    limit: int | Unset = UNSET,
    status: EmployeesListStatus | Unset = UNSET,
    updated_since: datetime.datetime | Unset = UNSET,
) -> Response[EmployeeList | ErrorEnvelope]:
    """List the company's employees

     The company's employees, newest first, as POST /employees answers each: what an HR system syncs from
    (by `updatedSince`, a page at a time). `email`, `externalReferenceId` and `status` narrow the list.

    Refusals: 400 `Missing required filter: companyCode`; 400 `Invalid company code` for a code this API
    client does not manage.

    Args:
        company_code (str):
        cursor (str | Unset):
        email (str | Unset):
        external_reference_id (str | Unset):
        limit (int | Unset):
        status (EmployeesListStatus | Unset):
        updated_since (datetime.datetime | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[EmployeeList | ErrorEnvelope]
    """

    kwargs = _get_kwargs(
        company_code=company_code,
        cursor=cursor,
        email=email,
        external_reference_id=external_reference_id,
        limit=limit,
        status=status,
        updated_since=updated_since,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient,
    company_code: str,
    cursor: str | Unset = UNSET,
    email: str | Unset = UNSET,
    external_reference_id: str | Unset = UNSET,
    limit: int | Unset = UNSET,
    status: EmployeesListStatus | Unset = UNSET,
    updated_since: datetime.datetime | Unset = UNSET,
) -> EmployeeList | ErrorEnvelope | None:
    """List the company's employees

     The company's employees, newest first, as POST /employees answers each: what an HR system syncs from
    (by `updatedSince`, a page at a time). `email`, `externalReferenceId` and `status` narrow the list.

    Refusals: 400 `Missing required filter: companyCode`; 400 `Invalid company code` for a code this API
    client does not manage.

    Args:
        company_code (str):
        cursor (str | Unset):
        email (str | Unset):
        external_reference_id (str | Unset):
        limit (int | Unset):
        status (EmployeesListStatus | Unset):
        updated_since (datetime.datetime | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        EmployeeList | ErrorEnvelope
    """

    return (
        await asyncio_detailed(
            client=client,
            company_code=company_code,
            cursor=cursor,
            email=email,
            external_reference_id=external_reference_id,
            limit=limit,
            status=status,
            updated_since=updated_since,
        )
    ).parsed
