from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.carrier_enum import CarrierEnum
from ..models.shipment_status_enum import ShipmentStatusEnum

T = TypeVar("T", bound="ShipmentSummary")


@_attrs_define
class ShipmentSummary:
    """A shipment as its movement request or order shows it (the whole one:
    `GET /movement_requests/{id}/shipments`, `GET /orders/{id}/shipments`).

        Attributes:
            id (UUID):
            carrier (CarrierEnum): * `UPS` - UPS
                * `FEDEX` - FedEx
                * `DHL_EXPRESS` - DHL Express
                * `USPS` - USPS
                * `UNKNOWN` - Unknown
            tracking_code (str):
            status (ShipmentStatusEnum): * `PRE_TRANSIT` - Pre Transit
                * `IN_TRANSIT` - In Transit
                * `OUT_FOR_DELIVERY` - Out For Delivery
                * `DELIVERED` - Delivered
                * `AVAILABLE_FOR_PICKUP` - Available For Pickup
                * `RETURN_TO_SENDER` - Return To Sender
                * `FAILURE` - Failure
                * `CANCELLED` - Cancelled
                * `UNKNOWN` - Unknown
            eta (datetime.date | None):
    """

    id: UUID
    carrier: CarrierEnum
    tracking_code: str
    status: ShipmentStatusEnum
    eta: datetime.date | None
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = str(self.id)

        carrier = self.carrier.value

        tracking_code = self.tracking_code

        status = self.status.value

        eta: None | str
        if isinstance(self.eta, datetime.date):
            eta = self.eta.isoformat()
        else:
            eta = self.eta

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "carrier": carrier,
                "trackingCode": tracking_code,
                "status": status,
                "eta": eta,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        id = UUID(d.pop("id"))

        carrier = CarrierEnum(d.pop("carrier"))

        tracking_code = d.pop("trackingCode")

        status = ShipmentStatusEnum(d.pop("status"))

        def _parse_eta(data: object) -> datetime.date | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                eta_type_0 = datetime.date.fromisoformat(data)

                return eta_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.date | None, data)

        eta = _parse_eta(d.pop("eta"))

        shipment_summary = cls(
            id=id,
            carrier=carrier,
            tracking_code=tracking_code,
            status=status,
            eta=eta,
        )

        shipment_summary.additional_properties = d
        return shipment_summary

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
