from http import HTTPStatus
from typing import Any

import httpx

from ...client import AuthenticatedClient, Client
from ...models.bulk_job_create_request import BulkJobCreateRequest
from ...models.bulk_job_result import BulkJobResult
from ...models.error_envelope import ErrorEnvelope
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    body: BulkJobCreateRequest,
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
        "url": "/bulk-jobs",
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> BulkJobResult | ErrorEnvelope:
    if response.status_code == 202:
        response_202 = BulkJobResult.from_dict(response.json())

        return response_202

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
    *,
    client: AuthenticatedClient,
    body: BulkJobCreateRequest,
    idempotency_key: str | Unset = UNSET,
    x_change_reason: str | Unset = UNSET,
) -> Response[BulkJobResult | ErrorEnvelope]:
    """Run many single calls as one job

     Up to 10,000 bodies of one operation's single call: `EMPLOYEES_UPSERT` (`POST /employees`),
    `HARDWARES_CREATE` (`POST /hardwares`), `MOVEMENT_REQUESTS_ONBOARDING` and
    `MOVEMENT_REQUESTS_OFFBOARDING` (`POST /movement_requests/onboarding`, `/offboarding`). Each item is
    that call's body without `companyCode` (the job's), with an optional `clientReference` echoed in its
    result. Answered 202 at once with the job (QUEUED) and its `Location`; the workers run the items
    later, each in a transaction of its own through the very rules of its single call, with the same
    events and audit trail (this request's id and `X-Change-Reason`). Read the job (`GET /bulk-
    jobs/{bulkJobId}`) or wait for its `bulk_job.completed` webhook, then its results. A company's jobs
    run one at a time, oldest first. The job costs one request of the budget; its items none. Its body
    may be up to 16 MiB. With `Idempotency-Key`, a retry answers the same job and runs nothing again.

    Refusals: 400 `Missing required field: companyCode`; 400 `Invalid company code` for a code this API
    client does not manage; 400 `Invalid request data` for `operation`, `items` (`A bulk job takes 1 to
    10000 items`, `An item is an object: the body of the operation's single call`, `Null characters are
    not allowed.`) or an item's `clientReference` (`clientReference is text of 1 to 255 characters`);
    413 `Request body too large`. An item's own mistakes are its result's, not the job's.

    Args:
        idempotency_key (str | Unset):
        x_change_reason (str | Unset):
        body (BulkJobCreateRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[BulkJobResult | ErrorEnvelope]
    """

    kwargs = _get_kwargs(
        body=body,
        idempotency_key=idempotency_key,
        x_change_reason=x_change_reason,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient,
    body: BulkJobCreateRequest,
    idempotency_key: str | Unset = UNSET,
    x_change_reason: str | Unset = UNSET,
) -> BulkJobResult | ErrorEnvelope | None:
    """Run many single calls as one job

     Up to 10,000 bodies of one operation's single call: `EMPLOYEES_UPSERT` (`POST /employees`),
    `HARDWARES_CREATE` (`POST /hardwares`), `MOVEMENT_REQUESTS_ONBOARDING` and
    `MOVEMENT_REQUESTS_OFFBOARDING` (`POST /movement_requests/onboarding`, `/offboarding`). Each item is
    that call's body without `companyCode` (the job's), with an optional `clientReference` echoed in its
    result. Answered 202 at once with the job (QUEUED) and its `Location`; the workers run the items
    later, each in a transaction of its own through the very rules of its single call, with the same
    events and audit trail (this request's id and `X-Change-Reason`). Read the job (`GET /bulk-
    jobs/{bulkJobId}`) or wait for its `bulk_job.completed` webhook, then its results. A company's jobs
    run one at a time, oldest first. The job costs one request of the budget; its items none. Its body
    may be up to 16 MiB. With `Idempotency-Key`, a retry answers the same job and runs nothing again.

    Refusals: 400 `Missing required field: companyCode`; 400 `Invalid company code` for a code this API
    client does not manage; 400 `Invalid request data` for `operation`, `items` (`A bulk job takes 1 to
    10000 items`, `An item is an object: the body of the operation's single call`, `Null characters are
    not allowed.`) or an item's `clientReference` (`clientReference is text of 1 to 255 characters`);
    413 `Request body too large`. An item's own mistakes are its result's, not the job's.

    Args:
        idempotency_key (str | Unset):
        x_change_reason (str | Unset):
        body (BulkJobCreateRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        BulkJobResult | ErrorEnvelope
    """

    return sync_detailed(
        client=client,
        body=body,
        idempotency_key=idempotency_key,
        x_change_reason=x_change_reason,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    body: BulkJobCreateRequest,
    idempotency_key: str | Unset = UNSET,
    x_change_reason: str | Unset = UNSET,
) -> Response[BulkJobResult | ErrorEnvelope]:
    """Run many single calls as one job

     Up to 10,000 bodies of one operation's single call: `EMPLOYEES_UPSERT` (`POST /employees`),
    `HARDWARES_CREATE` (`POST /hardwares`), `MOVEMENT_REQUESTS_ONBOARDING` and
    `MOVEMENT_REQUESTS_OFFBOARDING` (`POST /movement_requests/onboarding`, `/offboarding`). Each item is
    that call's body without `companyCode` (the job's), with an optional `clientReference` echoed in its
    result. Answered 202 at once with the job (QUEUED) and its `Location`; the workers run the items
    later, each in a transaction of its own through the very rules of its single call, with the same
    events and audit trail (this request's id and `X-Change-Reason`). Read the job (`GET /bulk-
    jobs/{bulkJobId}`) or wait for its `bulk_job.completed` webhook, then its results. A company's jobs
    run one at a time, oldest first. The job costs one request of the budget; its items none. Its body
    may be up to 16 MiB. With `Idempotency-Key`, a retry answers the same job and runs nothing again.

    Refusals: 400 `Missing required field: companyCode`; 400 `Invalid company code` for a code this API
    client does not manage; 400 `Invalid request data` for `operation`, `items` (`A bulk job takes 1 to
    10000 items`, `An item is an object: the body of the operation's single call`, `Null characters are
    not allowed.`) or an item's `clientReference` (`clientReference is text of 1 to 255 characters`);
    413 `Request body too large`. An item's own mistakes are its result's, not the job's.

    Args:
        idempotency_key (str | Unset):
        x_change_reason (str | Unset):
        body (BulkJobCreateRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[BulkJobResult | ErrorEnvelope]
    """

    kwargs = _get_kwargs(
        body=body,
        idempotency_key=idempotency_key,
        x_change_reason=x_change_reason,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient,
    body: BulkJobCreateRequest,
    idempotency_key: str | Unset = UNSET,
    x_change_reason: str | Unset = UNSET,
) -> BulkJobResult | ErrorEnvelope | None:
    """Run many single calls as one job

     Up to 10,000 bodies of one operation's single call: `EMPLOYEES_UPSERT` (`POST /employees`),
    `HARDWARES_CREATE` (`POST /hardwares`), `MOVEMENT_REQUESTS_ONBOARDING` and
    `MOVEMENT_REQUESTS_OFFBOARDING` (`POST /movement_requests/onboarding`, `/offboarding`). Each item is
    that call's body without `companyCode` (the job's), with an optional `clientReference` echoed in its
    result. Answered 202 at once with the job (QUEUED) and its `Location`; the workers run the items
    later, each in a transaction of its own through the very rules of its single call, with the same
    events and audit trail (this request's id and `X-Change-Reason`). Read the job (`GET /bulk-
    jobs/{bulkJobId}`) or wait for its `bulk_job.completed` webhook, then its results. A company's jobs
    run one at a time, oldest first. The job costs one request of the budget; its items none. Its body
    may be up to 16 MiB. With `Idempotency-Key`, a retry answers the same job and runs nothing again.

    Refusals: 400 `Missing required field: companyCode`; 400 `Invalid company code` for a code this API
    client does not manage; 400 `Invalid request data` for `operation`, `items` (`A bulk job takes 1 to
    10000 items`, `An item is an object: the body of the operation's single call`, `Null characters are
    not allowed.`) or an item's `clientReference` (`clientReference is text of 1 to 255 characters`);
    413 `Request body too large`. An item's own mistakes are its result's, not the job's.

    Args:
        idempotency_key (str | Unset):
        x_change_reason (str | Unset):
        body (BulkJobCreateRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        BulkJobResult | ErrorEnvelope
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
            idempotency_key=idempotency_key,
            x_change_reason=x_change_reason,
        )
    ).parsed
