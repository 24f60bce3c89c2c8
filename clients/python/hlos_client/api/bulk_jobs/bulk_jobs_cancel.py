from http import HTTPStatus
from typing import Any
from urllib.parse import quote
from uuid import UUID

import httpx

from ...client import AuthenticatedClient, Client
from ...models.bulk_job_cancel_request import BulkJobCancelRequest
from ...models.bulk_job_result import BulkJobResult
from ...models.error_envelope import ErrorEnvelope
from ...types import UNSET, Response, Unset


def _get_kwargs(
    bulk_job_id: UUID,
    *,
    body: BulkJobCancelRequest,
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
        "url": "/bulk-jobs/{bulk_job_id}/cancel".format(
            bulk_job_id=quote(str(bulk_job_id), safe=""),
        ),
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> BulkJobResult | ErrorEnvelope:
    if response.status_code == 200:
        response_200 = BulkJobResult.from_dict(response.json())

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
) -> Response[BulkJobResult | ErrorEnvelope]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    bulk_job_id: UUID,
    *,
    client: AuthenticatedClient,
    body: BulkJobCancelRequest,
    idempotency_key: str | Unset = UNSET,
    x_change_reason: str | Unset = UNSET,
) -> Response[BulkJobResult | ErrorEnvelope]:
    """Cancel a bulk job

     Its items not run yet are not run: a QUEUED job is CANCELLED at once, a RUNNING one once the items
    being run end (read it again to see). A finished job is answered as it is. What the items that ran
    did stays done.

    Refusals: 400 `Missing required field: companyCode`; 400 `Invalid company code` for a code this API
    client does not manage; 400 `Invalid bulk job ID format`; 404 `Bulk job not found` (another
    company's too).

    Args:
        bulk_job_id (UUID):
        idempotency_key (str | Unset):
        x_change_reason (str | Unset):
        body (BulkJobCancelRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[BulkJobResult | ErrorEnvelope]
    """

    kwargs = _get_kwargs(
        bulk_job_id=bulk_job_id,
        body=body,
        idempotency_key=idempotency_key,
        x_change_reason=x_change_reason,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    bulk_job_id: UUID,
    *,
    client: AuthenticatedClient,
    body: BulkJobCancelRequest,
    idempotency_key: str | Unset = UNSET,
    x_change_reason: str | Unset = UNSET,
) -> BulkJobResult | ErrorEnvelope | None:
    """Cancel a bulk job

     Its items not run yet are not run: a QUEUED job is CANCELLED at once, a RUNNING one once the items
    being run end (read it again to see). A finished job is answered as it is. What the items that ran
    did stays done.

    Refusals: 400 `Missing required field: companyCode`; 400 `Invalid company code` for a code this API
    client does not manage; 400 `Invalid bulk job ID format`; 404 `Bulk job not found` (another
    company's too).

    Args:
        bulk_job_id (UUID):
        idempotency_key (str | Unset):
        x_change_reason (str | Unset):
        body (BulkJobCancelRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        BulkJobResult | ErrorEnvelope
    """

    return sync_detailed(
        bulk_job_id=bulk_job_id,
        client=client,
        body=body,
        idempotency_key=idempotency_key,
        x_change_reason=x_change_reason,
    ).parsed


async def asyncio_detailed(
    bulk_job_id: UUID,
    *,
    client: AuthenticatedClient,
    body: BulkJobCancelRequest,
    idempotency_key: str | Unset = UNSET,
    x_change_reason: str | Unset = UNSET,
) -> Response[BulkJobResult | ErrorEnvelope]:
    """Cancel a bulk job

     Its items not run yet are not run: a QUEUED job is CANCELLED at once, a RUNNING one once the items
    being run end (read it again to see). A finished job is answered as it is. What the items that ran
    did stays done.

    Refusals: 400 `Missing required field: companyCode`; 400 `Invalid company code` for a code this API
    client does not manage; 400 `Invalid bulk job ID format`; 404 `Bulk job not found` (another
    company's too).

    Args:
        bulk_job_id (UUID):
        idempotency_key (str | Unset):
        x_change_reason (str | Unset):
        body (BulkJobCancelRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[BulkJobResult | ErrorEnvelope]
    """

    kwargs = _get_kwargs(
        bulk_job_id=bulk_job_id,
        body=body,
        idempotency_key=idempotency_key,
        x_change_reason=x_change_reason,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    bulk_job_id: UUID,
    *,
    client: AuthenticatedClient,
    body: BulkJobCancelRequest,
    idempotency_key: str | Unset = UNSET,
    x_change_reason: str | Unset = UNSET,
) -> BulkJobResult | ErrorEnvelope | None:
    """Cancel a bulk job

     Its items not run yet are not run: a QUEUED job is CANCELLED at once, a RUNNING one once the items
    being run end (read it again to see). A finished job is answered as it is. What the items that ran
    did stays done.

    Refusals: 400 `Missing required field: companyCode`; 400 `Invalid company code` for a code this API
    client does not manage; 400 `Invalid bulk job ID format`; 404 `Bulk job not found` (another
    company's too).

    Args:
        bulk_job_id (UUID):
        idempotency_key (str | Unset):
        x_change_reason (str | Unset):
        body (BulkJobCancelRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        BulkJobResult | ErrorEnvelope
    """

    return (
        await asyncio_detailed(
            bulk_job_id=bulk_job_id,
            client=client,
            body=body,
            idempotency_key=idempotency_key,
            x_change_reason=x_change_reason,
        )
    ).parsed
