from http import HTTPStatus
from typing import Any

import httpx

from ...client import AuthenticatedClient, Client
from ...models.error_envelope import ErrorEnvelope
from ...models.order_list import OrderList
from ...models.quote_request import QuoteRequest
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    body: QuoteRequest,
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
        "url": "/orders/quote",
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> ErrorEnvelope | OrderList:
    if response.status_code == 200:
        response_200 = OrderList.from_dict(response.json())

        return response_200

    if response.status_code == 201:
        response_201 = OrderList.from_dict(response.json())

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
) -> Response[ErrorEnvelope | OrderList]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    body: QuoteRequest,
    idempotency_key: str | Unset = UNSET,
    x_change_reason: str | Unset = UNSET,
) -> Response[ErrorEnvelope | OrderList]:
    """Ask for a quote: create an order

     Creates an order from catalog items (`catalogModelId`, from `GET /catalog`) or free-form lines. Send
    exactly one of `companyCode` and `company` (an inline company, created or updated); with sendTo
    EMPLOYEE exactly one of `employeeEmail` (an existing employee) and `employee` (created or updated,
    matched by e-mail), living in the order's country (or both in the EU); with any other sendTo, no
    employee.

    Lines: with `catalogModelId` only `amount` is required (type, brand, model, specs, image and price
    come from the catalog item, which must be of the order's country). Without it `hardwareType` is
    required; MACBOOK and PC lines need brand, model, processor, ram, diskSpace and displaySize;
    EXTENDED_WARRANTY_MAC and EXTENDED_WARRANTY_WINDOWS lines refuse them. `amount` is a positive
    integer.

    Answers 201 with the order, PENDING (the provider quotes it), or QUOTED with prices at once with
    `autoQuote: true`. A `poNumber` the company already used answers that order with 200 and creates
    nothing.

    Refusals: 400 `Invalid request data` with `details` naming each field; 400 `Missing required field:
    companyCode`; 400 `Invalid company code` for a code this API client does not manage; 400 `autoQuote
    is only available in sandbox environments` in production; 404 `Employee not found` for an unknown
    `employeeEmail`.

    Args:
        idempotency_key (str | Unset):
        x_change_reason (str | Unset):
        body (QuoteRequest): Send exactly one of `companyCode` and `company`.

            With sendTo EMPLOYEE, send exactly one of `employeeEmail` and `employee`.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorEnvelope | OrderList]
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
    body: QuoteRequest,
    idempotency_key: str | Unset = UNSET,
    x_change_reason: str | Unset = UNSET,
) -> ErrorEnvelope | OrderList | None:
    """Ask for a quote: create an order

     Creates an order from catalog items (`catalogModelId`, from `GET /catalog`) or free-form lines. Send
    exactly one of `companyCode` and `company` (an inline company, created or updated); with sendTo
    EMPLOYEE exactly one of `employeeEmail` (an existing employee) and `employee` (created or updated,
    matched by e-mail), living in the order's country (or both in the EU); with any other sendTo, no
    employee.

    Lines: with `catalogModelId` only `amount` is required (type, brand, model, specs, image and price
    come from the catalog item, which must be of the order's country). Without it `hardwareType` is
    required; MACBOOK and PC lines need brand, model, processor, ram, diskSpace and displaySize;
    EXTENDED_WARRANTY_MAC and EXTENDED_WARRANTY_WINDOWS lines refuse them. `amount` is a positive
    integer.

    Answers 201 with the order, PENDING (the provider quotes it), or QUOTED with prices at once with
    `autoQuote: true`. A `poNumber` the company already used answers that order with 200 and creates
    nothing.

    Refusals: 400 `Invalid request data` with `details` naming each field; 400 `Missing required field:
    companyCode`; 400 `Invalid company code` for a code this API client does not manage; 400 `autoQuote
    is only available in sandbox environments` in production; 404 `Employee not found` for an unknown
    `employeeEmail`.

    Args:
        idempotency_key (str | Unset):
        x_change_reason (str | Unset):
        body (QuoteRequest): Send exactly one of `companyCode` and `company`.

            With sendTo EMPLOYEE, send exactly one of `employeeEmail` and `employee`.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorEnvelope | OrderList
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
    body: QuoteRequest,
    idempotency_key: str | Unset = UNSET,
    x_change_reason: str | Unset = UNSET,
) -> Response[ErrorEnvelope | OrderList]:
    """Ask for a quote: create an order

     Creates an order from catalog items (`catalogModelId`, from `GET /catalog`) or free-form lines. Send
    exactly one of `companyCode` and `company` (an inline company, created or updated); with sendTo
    EMPLOYEE exactly one of `employeeEmail` (an existing employee) and `employee` (created or updated,
    matched by e-mail), living in the order's country (or both in the EU); with any other sendTo, no
    employee.

    Lines: with `catalogModelId` only `amount` is required (type, brand, model, specs, image and price
    come from the catalog item, which must be of the order's country). Without it `hardwareType` is
    required; MACBOOK and PC lines need brand, model, processor, ram, diskSpace and displaySize;
    EXTENDED_WARRANTY_MAC and EXTENDED_WARRANTY_WINDOWS lines refuse them. `amount` is a positive
    integer.

    Answers 201 with the order, PENDING (the provider quotes it), or QUOTED with prices at once with
    `autoQuote: true`. A `poNumber` the company already used answers that order with 200 and creates
    nothing.

    Refusals: 400 `Invalid request data` with `details` naming each field; 400 `Missing required field:
    companyCode`; 400 `Invalid company code` for a code this API client does not manage; 400 `autoQuote
    is only available in sandbox environments` in production; 404 `Employee not found` for an unknown
    `employeeEmail`.

    Args:
        idempotency_key (str | Unset):
        x_change_reason (str | Unset):
        body (QuoteRequest): Send exactly one of `companyCode` and `company`.

            With sendTo EMPLOYEE, send exactly one of `employeeEmail` and `employee`.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorEnvelope | OrderList]
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
    body: QuoteRequest,
    idempotency_key: str | Unset = UNSET,
    x_change_reason: str | Unset = UNSET,
) -> ErrorEnvelope | OrderList | None:
    """Ask for a quote: create an order

     Creates an order from catalog items (`catalogModelId`, from `GET /catalog`) or free-form lines. Send
    exactly one of `companyCode` and `company` (an inline company, created or updated); with sendTo
    EMPLOYEE exactly one of `employeeEmail` (an existing employee) and `employee` (created or updated,
    matched by e-mail), living in the order's country (or both in the EU); with any other sendTo, no
    employee.

    Lines: with `catalogModelId` only `amount` is required (type, brand, model, specs, image and price
    come from the catalog item, which must be of the order's country). Without it `hardwareType` is
    required; MACBOOK and PC lines need brand, model, processor, ram, diskSpace and displaySize;
    EXTENDED_WARRANTY_MAC and EXTENDED_WARRANTY_WINDOWS lines refuse them. `amount` is a positive
    integer.

    Answers 201 with the order, PENDING (the provider quotes it), or QUOTED with prices at once with
    `autoQuote: true`. A `poNumber` the company already used answers that order with 200 and creates
    nothing.

    Refusals: 400 `Invalid request data` with `details` naming each field; 400 `Missing required field:
    companyCode`; 400 `Invalid company code` for a code this API client does not manage; 400 `autoQuote
    is only available in sandbox environments` in production; 404 `Employee not found` for an unknown
    `employeeEmail`.

    Args:
        idempotency_key (str | Unset):
        x_change_reason (str | Unset):
        body (QuoteRequest): Send exactly one of `companyCode` and `company`.

            With sendTo EMPLOYEE, send exactly one of `employeeEmail` and `employee`.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorEnvelope | OrderList
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
            idempotency_key=idempotency_key,
            x_change_reason=x_change_reason,
        )
    ).parsed
