from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="QuoteCompanyRequest")


@_attrs_define
class QuoteCompanyRequest:
    """The quote's company object: all six fields required.

    Attributes:
        name (str):
        company_code (str):
        country_code (str):
        legal_number (str):
        contact_email (str):
        phone (str): With + and the country code.
    """

    name: str
    company_code: str
    country_code: str
    legal_number: str
    contact_email: str
    phone: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        name = self.name

        company_code = self.company_code

        country_code = self.country_code

        legal_number = self.legal_number

        contact_email = self.contact_email

        phone = self.phone

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "name": name,
                "companyCode": company_code,
                "countryCode": country_code,
                "legalNumber": legal_number,
                "contactEmail": contact_email,
                "phone": phone,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        name = d.pop("name")

        company_code = d.pop("companyCode")

        country_code = d.pop("countryCode")

        legal_number = d.pop("legalNumber")

        contact_email = d.pop("contactEmail")

        phone = d.pop("phone")

        quote_company_request = cls(
            name=name,
            company_code=company_code,
            country_code=country_code,
            legal_number=legal_number,
            contact_email=contact_email,
            phone=phone,
        )

        quote_company_request.additional_properties = d
        return quote_company_request

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
