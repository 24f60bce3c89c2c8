from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.carrier_enum import CarrierEnum
from ..models.direction_enum import DirectionEnum
from ..models.shipment_status_enum import ShipmentStatusEnum

if TYPE_CHECKING:
    from ..models.shipment_event import ShipmentEvent
    from ..models.shipment_record import ShipmentRecord


T = TypeVar("T", bound="Shipment")


@_attrs_define
class Shipment:
    """A parcel of a movement request or an order, with its carrier's events, oldest first.

    Attributes:
        id (UUID):
        carrier (CarrierEnum): * `UPS` - UPS
            * `FEDEX` - FedEx
            * `DHL_EXPRESS` - DHL Express
            * `USPS` - USPS
            * `UNKNOWN` - Unknown
        tracking_code (str):
        tracking_link (None | str):
        direction (DirectionEnum): * `OUTBOUND` - Outbound
            * `RETURN` - Return
        status (ShipmentStatusEnum): * `PRE_TRANSIT` - Pre Transit
            * `IN_TRANSIT` - In Transit
            * `OUT_FOR_DELIVERY` - Out For Delivery
            * `DELIVERED` - Delivered
            * `AVAILABLE_FOR_PICKUP` - Available For Pickup
            * `RETURN_TO_SENDER` - Return To Sender
            * `FAILURE` - Failure
            * `CANCELLED` - Cancelled
            * `UNKNOWN` - Unknown
        status_detail (None | str):
        eta (datetime.date | None): The delivery date expected.
        delivered_at (datetime.datetime | None):
        created_at (datetime.datetime):
        updated_at (datetime.datetime):
        record (ShipmentRecord): The movement request or order the parcel is a shipment of.
        events (list[ShipmentEvent]):
    """

    id: UUID
    carrier: CarrierEnum
    tracking_code: str
    tracking_link: None | str
    direction: DirectionEnum
    status: ShipmentStatusEnum
    status_detail: None | str
    eta: datetime.date | None
    delivered_at: datetime.datetime | None
    created_at: datetime.datetime
    updated_at: datetime.datetime
    record: ShipmentRecord
    events: list[ShipmentEvent]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = str(self.id)

        carrier = self.carrier.value

        tracking_code = self.tracking_code

        tracking_link: None | str
        tracking_link = self.tracking_link

        direction = self.direction.value

        status = self.status.value

        status_detail: None | str
        status_detail = self.status_detail

        eta: None | str
        if isinstance(self.eta, datetime.date):
            eta = self.eta.isoformat()
        else:
            eta = self.eta

        delivered_at: None | str
        if isinstance(self.delivered_at, datetime.datetime):
            delivered_at = self.delivered_at.isoformat()
        else:
            delivered_at = self.delivered_at

        created_at = self.created_at.isoformat()

        updated_at = self.updated_at.isoformat()

        record = self.record.to_dict()

        events = []
        for events_item_data in self.events:
            events_item = events_item_data.to_dict()
            events.append(events_item)

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "carrier": carrier,
                "trackingCode": tracking_code,
                "trackingLink": tracking_link,
                "direction": direction,
                "status": status,
                "statusDetail": status_detail,
                "eta": eta,
                "deliveredAt": delivered_at,
                "createdAt": created_at,
                "updatedAt": updated_at,
                "record": record,
                "events": events,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.shipment_event import ShipmentEvent  # noqa: PLC0415
        from ..models.shipment_record import ShipmentRecord  # noqa: PLC0415

        d = dict(src_dict)
        id = UUID(d.pop("id"))

        carrier = CarrierEnum(d.pop("carrier"))

        tracking_code = d.pop("trackingCode")

        def _parse_tracking_link(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        tracking_link = _parse_tracking_link(d.pop("trackingLink"))

        direction = DirectionEnum(d.pop("direction"))

        status = ShipmentStatusEnum(d.pop("status"))

        def _parse_status_detail(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        status_detail = _parse_status_detail(d.pop("statusDetail"))

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

        def _parse_delivered_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                delivered_at_type_0 = datetime.datetime.fromisoformat(data)

                return delivered_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        delivered_at = _parse_delivered_at(d.pop("deliveredAt"))

        created_at = datetime.datetime.fromisoformat(d.pop("createdAt"))

        updated_at = datetime.datetime.fromisoformat(d.pop("updatedAt"))

        record = ShipmentRecord.from_dict(d.pop("record"))

        events = []
        _events = d.pop("events")
        for events_item_data in _events:
            events_item = ShipmentEvent.from_dict(events_item_data)

            events.append(events_item)

        shipment = cls(
            id=id,
            carrier=carrier,
            tracking_code=tracking_code,
            tracking_link=tracking_link,
            direction=direction,
            status=status,
            status_detail=status_detail,
            eta=eta,
            delivered_at=delivered_at,
            created_at=created_at,
            updated_at=updated_at,
            record=record,
            events=events,
        )

        shipment.additional_properties = d
        return shipment

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
