from http import HTTPStatus
from typing import Any

import httpx

from ...client import AuthenticatedClient, Client
from ...models.catalog_country_list import CatalogCountryList
from ...models.error_envelope import ErrorEnvelope
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    country_code: str | Unset = UNSET,
) -> dict[str, Any]:

    params: dict[str, Any] = {}

    params["countryCode"] = country_code

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/catalog",
        "params": params,
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> CatalogCountryList | ErrorEnvelope:
    if response.status_code == 200:
        response_200 = CatalogCountryList.from_dict(response.json())

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
) -> Response[CatalogCountryList | ErrorEnvelope]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    country_code: str | Unset = UNSET,
) -> Response[CatalogCountryList | ErrorEnvelope]:
    """List the catalog, by country

     The items the provider sells, one object per country code in alphabetical order (`[{"BR": [...]},
    {"US": [...]}]`), each item with its price in USD and its stock now. With `countryCode`, only that
    country (the EU warehouse's items are under `EU`). `deprecated` items are no longer recommended for
    new orders but may still be in stock and ordered. An item's `id` is the `catalogModelId` of an order
    line and the `commonModelId` of a hardware item.

    Refusals: 400 `Invalid country code`.

    Args:
        country_code (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[CatalogCountryList | ErrorEnvelope]
    """

    kwargs = _get_kwargs(
        country_code=country_code,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient,
    country_code: str | Unset = UNSET,
) -> CatalogCountryList | ErrorEnvelope | None:
    """List the catalog, by country

     The items the provider sells, one object per country code in alphabetical order (`[{"BR": [...]},
    {"US": [...]}]`), each item with its price in USD and its stock now. With `countryCode`, only that
    country (the EU warehouse's items are under `EU`). `deprecated` items are no longer recommended for
    new orders but may still be in stock and ordered. An item's `id` is the `catalogModelId` of an order
    line and the `commonModelId` of a hardware item.

    Refusals: 400 `Invalid country code`.

    Args:
        country_code (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        CatalogCountryList | ErrorEnvelope
    """

    return sync_detailed(
        client=client,
        country_code=country_code,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    country_code: str | Unset = UNSET,
) -> Response[CatalogCountryList | ErrorEnvelope]:
    """List the catalog, by country

     The items the provider sells, one object per country code in alphabetical order (`[{"BR": [...]},
    {"US": [...]}]`), each item with its price in USD and its stock now. With `countryCode`, only that
    country (the EU warehouse's items are under `EU`). `deprecated` items are no longer recommended for
    new orders but may still be in stock and ordered. An item's `id` is the `catalogModelId` of an order
    line and the `commonModelId` of a hardware item.

    Refusals: 400 `Invalid country code`.

    Args:
        country_code (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[CatalogCountryList | ErrorEnvelope]
    """

    kwargs = _get_kwargs(
        country_code=country_code,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient,
    country_code: str | Unset = UNSET,
) -> CatalogCountryList | ErrorEnvelope | None:
    """List the catalog, by country

     The items the provider sells, one object per country code in alphabetical order (`[{"BR": [...]},
    {"US": [...]}]`), each item with its price in USD and its stock now. With `countryCode`, only that
    country (the EU warehouse's items are under `EU`). `deprecated` items are no longer recommended for
    new orders but may still be in stock and ordered. An item's `id` is the `catalogModelId` of an order
    line and the `commonModelId` of a hardware item.

    Refusals: 400 `Invalid country code`.

    Args:
        country_code (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        CatalogCountryList | ErrorEnvelope
    """

    return (
        await asyncio_detailed(
            client=client,
            country_code=country_code,
        )
    ).parsed
