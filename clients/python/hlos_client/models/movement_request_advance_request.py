from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.movement_request_advance_status_enum import MovementRequestAdvanceStatusEnum
from ..types import UNSET, Unset

T = TypeVar("T", bound="MovementRequestAdvanceRequest")


@_attrs_define
class MovementRequestAdvanceRequest:
    """
    Attributes:
        company_code (str): The company the record belongs to.
        status (MovementRequestAdvanceStatusEnum): * `COORDINATED` - COORDINATED
            * `DONE` - DONE
            * `CANCELLED` - CANCELLED
        eta (datetime.date | None | Unset): Expected arrival date, kept on the record.
        tracking_code (None | str | Unset): Carrier's tracking code.
        tracking_link (None | str | Unset): Carrier's tracking page: an http(s) URL.
    """

    company_code: str
    status: MovementRequestAdvanceStatusEnum
    eta: datetime.date | None | Unset = UNSET
    tracking_code: None | str | Unset = UNSET
    tracking_link: None | str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        company_code = self.company_code

        status = self.status.value

        eta: None | str | Unset
        if isinstance(self.eta, Unset):
            eta = UNSET
        elif isinstance(self.eta, datetime.date):
            eta = self.eta.isoformat()
        else:
            eta = self.eta

        tracking_code: None | str | Unset
        if isinstance(self.tracking_code, Unset):
            tracking_code = UNSET
        else:
            tracking_code = self.tracking_code

        tracking_link: None | str | Unset
        if isinstance(self.tracking_link, Unset):
            tracking_link = UNSET
        else:
            tracking_link = self.tracking_link

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "companyCode": company_code,
                "status": status,
            }
        )
        if eta is not UNSET:
            field_dict["eta"] = eta
        if tracking_code is not UNSET:
            field_dict["trackingCode"] = tracking_code
        if tracking_link is not UNSET:
            field_dict["trackingLink"] = tracking_link

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        company_code = d.pop("companyCode")

        status = MovementRequestAdvanceStatusEnum(d.pop("status"))

        def _parse_eta(data: object) -> datetime.date | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                eta_type_0 = datetime.date.fromisoformat(data)

                return eta_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.date | None | Unset, data)

        eta = _parse_eta(d.pop("eta", UNSET))

        def _parse_tracking_code(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        tracking_code = _parse_tracking_code(d.pop("trackingCode", UNSET))

        def _parse_tracking_link(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        tracking_link = _parse_tracking_link(d.pop("trackingLink", UNSET))

        movement_request_advance_request = cls(
            company_code=company_code,
            status=status,
            eta=eta,
            tracking_code=tracking_code,
            tracking_link=tracking_link,
        )

        movement_request_advance_request.additional_properties = d
        return movement_request_advance_request

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
