from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="ShipmentLocation")


@_attrs_define
class ShipmentLocation:
    """
    Attributes:
        city (None | str):
        region (None | str):
        post_code (None | str):
        country_code (None | str): ISO 3166-1 alpha-2.
    """

    city: None | str
    region: None | str
    post_code: None | str
    country_code: None | str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        city: None | str
        city = self.city

        region: None | str
        region = self.region

        post_code: None | str
        post_code = self.post_code

        country_code: None | str
        country_code = self.country_code

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "city": city,
                "region": region,
                "postCode": post_code,
                "countryCode": country_code,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)

        def _parse_city(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        city = _parse_city(d.pop("city"))

        def _parse_region(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        region = _parse_region(d.pop("region"))

        def _parse_post_code(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        post_code = _parse_post_code(d.pop("postCode"))

        def _parse_country_code(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        country_code = _parse_country_code(d.pop("countryCode"))

        shipment_location = cls(
            city=city,
            region=region,
            post_code=post_code,
            country_code=country_code,
        )

        shipment_location.additional_properties = d
        return shipment_location

    @property
    def additional_keys(self) -> list[str]:
        return list(self.additional_properties.keys())

    def __getitem__(self, key: str) -> Any:
        return self.additional_properties[key]

    def __setitem__(self, key: str, value: Any) -> None:
        self.additional_properties[key] = value

    def __delitem__(self, key: str) -> None:
        del self.additional_properties[key]

    def __contains__(self, key: str) -> bool:
        return key in self.additional_properties
