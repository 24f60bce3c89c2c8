from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.event_attempt import EventAttempt
    from ..models.event_delivery import EventDelivery
    from ..models.event_detail_data import EventDetailData


T = TypeVar("T", bound="EventDetail")


@_attrs_define
class EventDetail:
    """An event exactly as its webhook's body, and how its delivery stands.

    Attributes:
        id (str): The event's id: its webhook's `webhook-id` header.
        type_ (str): What happened, e.g. order.cancelled.
        timestamp (datetime.datetime): When it happened.
        data (EventDetailData): The record as its GET showed it then.
        delivery (EventDelivery):
        attempts (list[EventAttempt]): Every attempt, oldest first.
    """

    id: str
    type_: str
    timestamp: datetime.datetime
    data: EventDetailData
    delivery: EventDelivery
    attempts: list[EventAttempt]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        type_ = self.type_

        timestamp = self.timestamp.isoformat()

        data = self.data.to_dict()

        delivery = self.delivery.to_dict()

        attempts = []
        for attempts_item_data in self.attempts:
            attempts_item = attempts_item_data.to_dict()
            attempts.append(attempts_item)

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "type": type_,
                "timestamp": timestamp,
                "data": data,
                "delivery": delivery,
                "attempts": attempts,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.event_attempt import EventAttempt  # noqa: PLC0415
        from ..models.event_delivery import EventDelivery  # noqa: PLC0415
        from ..models.event_detail_data import EventDetailData  # noqa: PLC0415

        d = dict(src_dict)
        id = d.pop("id")

        type_ = d.pop("type")

        timestamp = datetime.datetime.fromisoformat(d.pop("timestamp"))

        data = EventDetailData.from_dict(d.pop("data"))

        delivery = EventDelivery.from_dict(d.pop("delivery"))

        attempts = []
        _attempts = d.pop("attempts")
        for attempts_item_data in _attempts:
            attempts_item = EventAttempt.from_dict(attempts_item_data)

            attempts.append(attempts_item)

        event_detail = cls(
            id=id,
            type_=type_,
            timestamp=timestamp,
            data=data,
            delivery=delivery,
            attempts=attempts,
        )

        event_detail.additional_properties = d
        return event_detail

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
