from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...models.error_envelope import ErrorEnvelope
from ...models.webhook_secret_list import WebhookSecretList
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
        "url": "/companies/{company_code}/webhook-secret".format(
            company_code=quote(str(company_code), safe=""),
        ),
    }

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> ErrorEnvelope | WebhookSecretList:
    if response.status_code == 200:
        response_200 = WebhookSecretList.from_dict(response.json())

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
) -> Response[ErrorEnvelope | WebhookSecretList]:
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
) -> Response[ErrorEnvelope | WebhookSecretList]:
    """Make a new webhook signing secret

     Makes a new webhook signing secret (`whsec_...`) for the company and answers it, the only time it is
    shown. Webhooks are signed with it from now on (Standard Webhooks), retries of earlier events too.
    No body.

    Refusals: 404 `Company not found` for a code this API client does not manage.

    Args:
        company_code (str):
        idempotency_key (str | Unset):
        x_change_reason (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorEnvelope | WebhookSecretList]
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
) -> ErrorEnvelope | WebhookSecretList | None:
    """Make a new webhook signing secret

     Makes a new webhook signing secret (`whsec_...`) for the company and answers it, the only time it is
    shown. Webhooks are signed with it from now on (Standard Webhooks), retries of earlier events too.
    No body.

    Refusals: 404 `Company not found` for a code this API client does not manage.

    Args:
        company_code (str):
        idempotency_key (str | Unset):
        x_change_reason (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorEnvelope | WebhookSecretList
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
) -> Response[ErrorEnvelope | WebhookSecretList]:
    """Make a new webhook signing secret

     Makes a new webhook signing secret (`whsec_...`) for the company and answers it, the only time it is
    shown. Webhooks are signed with it from now on (Standard Webhooks), retries of earlier events too.
    No body.

    Refusals: 404 `Company not found` for a code this API client does not manage.

    Args:
        company_code (str):
        idempotency_key (str | Unset):
        x_change_reason (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorEnvelope | WebhookSecretList]
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
) -> ErrorEnvelope | WebhookSecretList | None:
    """Make a new webhook signing secret

     Makes a new webhook signing secret (`whsec_...`) for the company and answers it, the only time it is
    shown. Webhooks are signed with it from now on (Standard Webhooks), retries of earlier events too.
    No body.

    Refusals: 404 `Company not found` for a code this API client does not manage.

    Args:
        company_code (str):
        idempotency_key (str | Unset):
        x_change_reason (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorEnvelope | WebhookSecretList
    """

    return (
        await asyncio_detailed(
            company_code=company_code,
            client=client,
            idempotency_key=idempotency_key,
            x_change_reason=x_change_reason,
        )
    ).parsed
