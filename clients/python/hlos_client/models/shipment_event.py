from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.shipment_event_source_enum import ShipmentEventSourceEnum
from ..models.shipment_status_enum import ShipmentStatusEnum

if TYPE_CHECKING:
    from ..models.shipment_location import ShipmentLocation


T = TypeVar("T", bound="ShipmentEvent")


@_attrs_define
class ShipmentEvent:
    """What the carrier (or an operator, or the sandbox) said about the parcel.

    Attributes:
        id (UUID):
        occurred_at (datetime.datetime): When it happened, as the carrier says.
        received_at (datetime.datetime): When the service was told.
        status (ShipmentStatusEnum): * `PRE_TRANSIT` - Pre Transit
            * `IN_TRANSIT` - In Transit
            * `OUT_FOR_DELIVERY` - Out For Delivery
            * `DELIVERED` - Delivered
            * `AVAILABLE_FOR_PICKUP` - Available For Pickup
            * `RETURN_TO_SENDER` - Return To Sender
            * `FAILURE` - Failure
            * `CANCELLED` - Cancelled
            * `UNKNOWN` - Unknown
        status_detail (None | str): The carrier's or provider's own code for what happened.
        message (str): The carrier's words.
        location (None | ShipmentLocation):
        source (ShipmentEventSourceEnum): * `CARRIER` - Carrier
            * `OPERATOR` - Operator
            * `SANDBOX` - Sandbox
    """

    id: UUID
    occurred_at: datetime.datetime
    received_at: datetime.datetime
    status: ShipmentStatusEnum
    status_detail: None | str
    message: str
    location: None | ShipmentLocation
    source: ShipmentEventSourceEnum
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.shipment_location import ShipmentLocation  # noqa: PLC0415

        id = str(self.id)

        occurred_at = self.occurred_at.isoformat()

        received_at = self.received_at.isoformat()

        status = self.status.value

        status_detail: None | str
        status_detail = self.status_detail

        message = self.message

        location: dict[str, Any] | None
        if isinstance(self.location, ShipmentLocation):
            location = self.location.to_dict()
        else:
            location = self.location

        source = self.source.value

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "occurredAt": occurred_at,
                "receivedAt": received_at,
                "status": status,
                "statusDetail": status_detail,
                "message": message,
                "location": location,
                "source": source,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.shipment_location import ShipmentLocation  # noqa: PLC0415

        d = dict(src_dict)
        id = UUID(d.pop("id"))

        occurred_at = datetime.datetime.fromisoformat(d.pop("occurredAt"))

        received_at = datetime.datetime.fromisoformat(d.pop("receivedAt"))

        status = ShipmentStatusEnum(d.pop("status"))

        def _parse_status_detail(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        status_detail = _parse_status_detail(d.pop("statusDetail"))

        message = d.pop("message")

        def _parse_location(data: object) -> None | ShipmentLocation:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                location_type_0 = ShipmentLocation.from_dict(data)

                return location_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | ShipmentLocation, data)

        location = _parse_location(d.pop("location"))

        source = ShipmentEventSourceEnum(d.pop("source"))

        shipment_event = cls(
            id=id,
            occurred_at=occurred_at,
            received_at=received_at,
            status=status,
            status_detail=status_detail,
            message=message,
            location=location,
            source=source,
        )

        shipment_event.additional_properties = d
        return shipment_event

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
