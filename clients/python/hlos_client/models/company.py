from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.company_source_enum import CompanySourceEnum
from ..types import UNSET, Unset

T = TypeVar("T", bound="Company")


@_attrs_define
class Company:
    """
    Attributes:
        id (UUID):
        created_at (datetime.datetime):
        name (str):
        company_code (str):
        country_code (None | str):
        abm_code (None | str | Unset):
        webhook_url (None | str | Unset):
        company_source (CompanySourceEnum | Unset): * `INTERNAL` - Internal
        legal_number (None | str | Unset):
        contact_email (None | str | Unset):
        phone (None | str | Unset):
        require_change_reason (bool | Unset): The company's writes through the API must say why (X-Change-Reason), for
            its audit trail.
        complete_on_delivery (bool | Unset): A parcel the carrier delivers to the employee completes its onboarding (or
            employee-to-employee move): DONE, as an operator would mark it.
        wipe_on_return (bool | Unset): An offboarding to storage asks for a data wipe unless it says otherwise: its
            items land awaiting the wipe.
    """

    id: UUID
    created_at: datetime.datetime
    name: str
    company_code: str
    country_code: None | str
    abm_code: None | str | Unset = UNSET
    webhook_url: None | str | Unset = UNSET
    company_source: CompanySourceEnum | Unset = UNSET
    legal_number: None | str | Unset = UNSET
    contact_email: None | str | Unset = UNSET
    phone: None | str | Unset = UNSET
    require_change_reason: bool | Unset = UNSET
    complete_on_delivery: bool | Unset = UNSET
    wipe_on_return: bool | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = str(self.id)

        created_at = self.created_at.isoformat()

        name = self.name

        company_code = self.company_code

        country_code: None | str
        country_code = self.country_code

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

        company_source: str | Unset = UNSET
        if not isinstance(self.company_source, Unset):
            company_source = self.company_source.value

        legal_number: None | str | Unset
        if isinstance(self.legal_number, Unset):
            legal_number = UNSET
        else:
            legal_number = self.legal_number

        contact_email: None | str | Unset
        if isinstance(self.contact_email, Unset):
            contact_email = UNSET
        else:
            contact_email = self.contact_email

        phone: None | str | Unset
        if isinstance(self.phone, Unset):
            phone = UNSET
        else:
            phone = self.phone

        require_change_reason = self.require_change_reason

        complete_on_delivery = self.complete_on_delivery

        wipe_on_return = self.wipe_on_return

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "createdAt": created_at,
                "name": name,
                "companyCode": company_code,
                "countryCode": country_code,
            }
        )
        if abm_code is not UNSET:
            field_dict["abmCode"] = abm_code
        if webhook_url is not UNSET:
            field_dict["webhookUrl"] = webhook_url
        if company_source is not UNSET:
            field_dict["companySource"] = company_source
        if legal_number is not UNSET:
            field_dict["legalNumber"] = legal_number
        if contact_email is not UNSET:
            field_dict["contactEmail"] = contact_email
        if phone is not UNSET:
            field_dict["phone"] = phone
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
        id = UUID(d.pop("id"))

        created_at = datetime.datetime.fromisoformat(d.pop("createdAt"))

        name = d.pop("name")

        company_code = d.pop("companyCode")

        def _parse_country_code(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        country_code = _parse_country_code(d.pop("countryCode"))

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

        _company_source = d.pop("companySource", UNSET)
        company_source: CompanySourceEnum | Unset
        if isinstance(_company_source, Unset):
            company_source = UNSET
        else:
            company_source = CompanySourceEnum(_company_source)

        def _parse_legal_number(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        legal_number = _parse_legal_number(d.pop("legalNumber", UNSET))

        def _parse_contact_email(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        contact_email = _parse_contact_email(d.pop("contactEmail", UNSET))

        def _parse_phone(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        phone = _parse_phone(d.pop("phone", UNSET))

        require_change_reason = d.pop("requireChangeReason", UNSET)

        complete_on_delivery = d.pop("completeOnDelivery", UNSET)

        wipe_on_return = d.pop("wipeOnReturn", UNSET)

        company = cls(
            id=id,
            created_at=created_at,
            name=name,
            company_code=company_code,
            country_code=country_code,
            abm_code=abm_code,
            webhook_url=webhook_url,
            company_source=company_source,
            legal_number=legal_number,
            contact_email=contact_email,
            phone=phone,
            require_change_reason=require_change_reason,
            complete_on_delivery=complete_on_delivery,
            wipe_on_return=wipe_on_return,
        )

        company.additional_properties = d
        return company

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
