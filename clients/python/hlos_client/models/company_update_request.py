from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="CompanyUpdateRequest")


@_attrs_define
class CompanyUpdateRequest:
    """
    Attributes:
        name (str | Unset):
        abm_code (None | str | Unset):
        webhook_url (None | str | Unset):
        require_change_reason (bool | Unset): When true, every write of this company through the API must send X-Change-
            Reason (else 400 `X-Change-Reason is required for this company`).
        complete_on_delivery (bool | Unset): When true, an outbound parcel the carrier reports DELIVERED moves its
            ONBOARDING or OFF_ON movement request to DONE, the hardware landing with the employee, as the operator's move
            would (default false: the operator marks it).
        wipe_on_return (bool | Unset): The default of an offboarding's `wipe`: when true, the items an offboarding
            returns to storage land AWAITING_WIPE, and cannot go out again until an operator records their data wipe
            (default false).
    """

    name: str | Unset = UNSET
    abm_code: None | str | Unset = UNSET
    webhook_url: None | str | Unset = UNSET
    require_change_reason: bool | Unset = UNSET
    complete_on_delivery: bool | Unset = UNSET
    wipe_on_return: bool | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        name = self.name

        abm_code: None | str | Unset
        if isinstance(self.abm_code, Unset):
            abm_code = UNSET
        else:
            abm_code = self.abm_code

        webhook_url: None | str | Unset
        if isinstance(self.webhook_url, Unset):
            webhook_url = UNSET
        else:
            webhook_url = self.webhook_url

        require_change_reason = self.require_change_reason

        complete_on_delivery = self.complete_on_delivery

        wipe_on_return = self.wipe_on_return

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({})
        if name is not UNSET:
            field_dict["name"] = name
        if abm_code is not UNSET:
            field_dict["abmCode"] = abm_code
        if webhook_url is not UNSET:
            field_dict["webhookUrl"] = webhook_url
        if require_change_reason is not UNSET:
            field_dict["requireChangeReason"] = require_change_reason
        if complete_on_delivery is not UNSET:
            field_dict["completeOnDelivery"] = complete_on_delivery
        if wipe_on_return is not UNSET:
            field_dict["wipeOnReturn"] = wipe_on_return

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        name = d.pop("name", UNSET)

        def _parse_abm_code(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        abm_code = _parse_abm_code(d.pop("abmCode", UNSET))

        def _parse_webhook_url(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        webhook_url = _parse_webhook_url(d.pop("webhookUrl", UNSET))

        require_change_reason = d.pop("requireChangeReason", UNSET)

        complete_on_delivery = d.pop("completeOnDelivery", UNSET)

        wipe_on_return = d.pop("wipeOnReturn", UNSET)

        company_update_request = cls(
            name=name,
            abm_code=abm_code,
            webhook_url=webhook_url,
            require_change_reason=require_change_reason,
            complete_on_delivery=complete_on_delivery,
            wipe_on_return=wipe_on_return,
        )

        company_update_request.additional_properties = d
        return company_update_request

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
