from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...models.error_envelope import ErrorEnvelope
from ...models.scim_token_list import ScimTokenList
from ...types import UNSET, Response, Unset


def _get_kwargs(
    company_code: str,
    *,
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
        "url": "/companies/{company_code}/scim-token".format(
            company_code=quote(str(company_code), safe=""),
        ),
    }

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> ErrorEnvelope | ScimTokenList:
    if response.status_code == 201:
        response_201 = ScimTokenList.from_dict(response.json())

        return response_201

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
) -> Response[ErrorEnvelope | ScimTokenList]:
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
    idempotency_key: str | Unset = UNSET,
    x_change_reason: str | Unset = UNSET,
) -> Response[ErrorEnvelope | ScimTokenList]:
    """Make the company's SCIM token

     Makes a SCIM token (`scim_...`) for the company and answers it, the only time it is shown (only a
    hash of it is kept). The company's identity provider (Microsoft Entra ID, Okta) calls the SCIM
    endpoints, `/scim/v2/`, with it as `Authorization: Bearer <scimToken>`; it reaches that company
    alone. A company has one token at a time: a new one replaces the current one at once, which is
    refused from then on, so give the new one to the identity provider straight away. An API key is not
    a SCIM token, nor a SCIM token an API key. Answers 201. No body.

    `Idempotency-Key`: the answer is not kept, since it would keep the token. A retry with the same key,
    once the first request is answered, makes another token, which replaces the one whose answer was
    lost; sent while the first runs, it is 409.

    Refusals: 404 `Company not found` for a code this API client does not manage.

    Args:
        company_code (str):
        idempotency_key (str | Unset):
        x_change_reason (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorEnvelope | ScimTokenList]
    """

    kwargs = _get_kwargs(
        company_code=company_code,
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
    idempotency_key: str | Unset = UNSET,
    x_change_reason: str | Unset = UNSET,
) -> ErrorEnvelope | ScimTokenList | None:
    """Make the company's SCIM token

     Makes a SCIM token (`scim_...`) for the company and answers it, the only time it is shown (only a
    hash of it is kept). The company's identity provider (Microsoft Entra ID, Okta) calls the SCIM
    endpoints, `/scim/v2/`, with it as `Authorization: Bearer <scimToken>`; it reaches that company
    alone. A company has one token at a time: a new one replaces the current one at once, which is
    refused from then on, so give the new one to the identity provider straight away. An API key is not
    a SCIM token, nor a SCIM token an API key. Answers 201. No body.

    `Idempotency-Key`: the answer is not kept, since it would keep the token. A retry with the same key,
    once the first request is answered, makes another token, which replaces the one whose answer was
    lost; sent while the first runs, it is 409.

    Refusals: 404 `Company not found` for a code this API client does not manage.

    Args:
        company_code (str):
        idempotency_key (str | Unset):
        x_change_reason (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorEnvelope | ScimTokenList
    """

    return sync_detailed(
        company_code=company_code,
        client=client,
        idempotency_key=idempotency_key,
        x_change_reason=x_change_reason,
    ).parsed


async def asyncio_detailed(
    company_code: str,
    *,
    client: AuthenticatedClient,
    idempotency_key: str | Unset = UNSET,
    x_change_reason: str | Unset = UNSET,
) -> Response[ErrorEnvelope | ScimTokenList]:
    """Make the company's SCIM token

     Makes a SCIM token (`scim_...`) for the company and answers it, the only time it is shown (only a
    hash of it is kept). The company's identity provider (Microsoft Entra ID, Okta) calls the SCIM
    endpoints, `/scim/v2/`, with it as `Authorization: Bearer <scimToken>`; it reaches that company
    alone. A company has one token at a time: a new one replaces the current one at once, which is
    refused from then on, so give the new one to the identity provider straight away. An API key is not
    a SCIM token, nor a SCIM token an API key. Answers 201. No body.

    `Idempotency-Key`: the answer is not kept, since it would keep the token. A retry with the same key,
    once the first request is answered, makes another token, which replaces the one whose answer was
    lost; sent while the first runs, it is 409.

    Refusals: 404 `Company not found` for a code this API client does not manage.

    Args:
        company_code (str):
        idempotency_key (str | Unset):
        x_change_reason (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorEnvelope | ScimTokenList]
    """

    kwargs = _get_kwargs(
        company_code=company_code,
        idempotency_key=idempotency_key,
        x_change_reason=x_change_reason,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    company_code: str,
    *,
    client: AuthenticatedClient,
    idempotency_key: str | Unset = UNSET,
    x_change_reason: str | Unset = UNSET,
) -> ErrorEnvelope | ScimTokenList | None:
    """Make the company's SCIM token

     Makes a SCIM token (`scim_...`) for the company and answers it, the only time it is shown (only a
    hash of it is kept). The company's identity provider (Microsoft Entra ID, Okta) calls the SCIM
    endpoints, `/scim/v2/`, with it as `Authorization: Bearer <scimToken>`; it reaches that company
    alone. A company has one token at a time: a new one replaces the current one at once, which is
    refused from then on, so give the new one to the identity provider straight away. An API key is not
    a SCIM token, nor a SCIM token an API key. Answers 201. No body.

    `Idempotency-Key`: the answer is not kept, since it would keep the token. A retry with the same key,
    once the first request is answered, makes another token, which replaces the one whose answer was
    lost; sent while the first runs, it is 409.

    Refusals: 404 `Company not found` for a code this API client does not manage.

    Args:
        company_code (str):
        idempotency_key (str | Unset):
        x_change_reason (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorEnvelope | ScimTokenList
    """

    return (
        await asyncio_detailed(
            company_code=company_code,
            client=client,
            idempotency_key=idempotency_key,
            x_change_reason=x_change_reason,
        )
    ).parsed
