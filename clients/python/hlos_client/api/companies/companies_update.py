from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...models.company_list import CompanyList
from ...models.company_update_request import CompanyUpdateRequest
from ...models.error_envelope import ErrorEnvelope
from ...types import UNSET, Response, Unset


def _get_kwargs(
    company_code: str,
    *,
    body: CompanyUpdateRequest | Unset = UNSET,
    idempotency_key: str | Unset = UNSET,
    x_change_reason: str | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(idempotency_key, Unset):
        headers["Idempotency-Key"] = idempotency_key

    if not isinstance(x_change_reason, Unset):
        headers["X-Change-Reason"] = x_change_reason

    _kwargs: dict[str, Any] = {
        "method": "patch",
        "url": "/companies/{company_code}".format(
            company_code=quote(str(company_code), safe=""),
        ),
    }

    if not isinstance(body, Unset):
        _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> CompanyList | ErrorEnvelope:
    if response.status_code == 200:
        response_200 = CompanyList.from_dict(response.json())

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
) -> Response[CompanyList | ErrorEnvelope]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    company_code: str,
    *,
    client: AuthenticatedClient,
    body: CompanyUpdateRequest | Unset = UNSET,
    idempotency_key: str | Unset = UNSET,
    x_change_reason: str | Unset = UNSET,
) -> Response[CompanyList | ErrorEnvelope]:
    """Change a company's name, ABM code or webhook URL

     Changes `name`, `abmCode` and `webhookUrl` (null to stop webhooks) of a company this API client
    manages; other fields are ignored. Answers the company.

    Refusals: 400 `Invalid request data` with `details` (for example a `webhookUrl` that is not
    http(s)); 404 `Company not found` for a code this API client does not manage.

    Args:
        company_code (str):
        idempotency_key (str | Unset):
        x_change_reason (str | Unset):
        body (CompanyUpdateRequest | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[CompanyList | ErrorEnvelope]
    """

    kwargs = _get_kwargs(
        company_code=company_code,
        body=body,
        idempotency_key=idempotency_key,
        x_change_reason=x_change_reason,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    company_code: str,
    *,
    client: AuthenticatedClient,
    body: CompanyUpdateRequest | Unset = UNSET,
    idempotency_key: str | Unset = UNSET,
    x_change_reason: str | Unset = UNSET,
) -> CompanyList | ErrorEnvelope | None:
    """Change a company's name, ABM code or webhook URL

     Changes `name`, `abmCode` and `webhookUrl` (null to stop webhooks) of a company this API client
    manages; other fields are ignored. Answers the company.

    Refusals: 400 `Invalid request data` with `details` (for example a `webhookUrl` that is not
    http(s)); 404 `Company not found` for a code this API client does not manage.

    Args:
        company_code (str):
        idempotency_key (str | Unset):
        x_change_reason (str | Unset):
        body (CompanyUpdateRequest | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        CompanyList | ErrorEnvelope
    """

    return sync_detailed(
        company_code=company_code,
        client=client,
        body=body,
        idempotency_key=idempotency_key,
        x_change_reason=x_change_reason,
    ).parsed


async def asyncio_detailed(
    company_code: str,
    *,
    client: AuthenticatedClient,
    body: CompanyUpdateRequest | Unset = UNSET,
    idempotency_key: str | Unset = UNSET,
    x_change_reason: str | Unset = UNSET,
) -> Response[CompanyList | ErrorEnvelope]:
    """Change a company's name, ABM code or webhook URL

     Changes `name`, `abmCode` and `webhookUrl` (null to stop webhooks) of a company this API client
    manages; other fields are ignored. Answers the company.

    Refusals: 400 `Invalid request data` with `details` (for example a `webhookUrl` that is not
    http(s)); 404 `Company not found` for a code this API client does not manage.

    Args:
        company_code (str):
        idempotency_key (str | Unset):
        x_change_reason (str | Unset):
        body (CompanyUpdateRequest | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[CompanyList | ErrorEnvelope]
    """

    kwargs = _get_kwargs(
        company_code=company_code,
        body=body,
        idempotency_key=idempotency_key,
        x_change_reason=x_change_reason,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    company_code: str,
    *,
    client: AuthenticatedClient,
    body: CompanyUpdateRequest | Unset = UNSET,
    idempotency_key: str | Unset = UNSET,
    x_change_reason: str | Unset = UNSET,
) -> CompanyList | ErrorEnvelope | None:
    """Change a company's name, ABM code or webhook URL

     Changes `name`, `abmCode` and `webhookUrl` (null to stop webhooks) of a company this API client
    manages; other fields are ignored. Answers the company.

    Refusals: 400 `Invalid request data` with `details` (for example a `webhookUrl` that is not
    http(s)); 404 `Company not found` for a code this API client does not manage.

    Args:
        company_code (str):
        idempotency_key (str | Unset):
        x_change_reason (str | Unset):
        body (CompanyUpdateRequest | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        CompanyList | ErrorEnvelope
    """

    return (
        await asyncio_detailed(
            company_code=company_code,
            client=client,
            body=body,
            idempotency_key=idempotency_key,
            x_change_reason=x_change_reason,
        )
    ).parsed
