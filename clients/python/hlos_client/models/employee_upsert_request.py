from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="EmployeeUpsertRequest")


@_attrs_define
class EmployeeUpsertRequest:
    """The employee fields of an upsert (POST /employees, and the inline `employee` objects of
    movements): checked for format here, the rules applied by `employee_upsert`.

        Attributes:
            first_name (str):
            last_name (str):
            email (str):
            address (str):
            city (str): Geocoding input only.
            post_code (str):
            country_code (str):
            company_code (str):
            phone (None | str | Unset):
            government_dni (None | str | Unset):
            cpf (None | str | Unset):
            address_extra_info (None | str | Unset):
            external_reference_id (None | str | Unset):
    """

    first_name: str
    last_name: str
    email: str
    address: str
    city: str
    post_code: str
    country_code: str
    company_code: str
    phone: None | str | Unset = UNSET
    government_dni: None | str | Unset = UNSET
    cpf: None | str | Unset = UNSET
    address_extra_info: None | str | Unset = UNSET
    external_reference_id: None | str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        first_name = self.first_name

        last_name = self.last_name

        email = self.email

        address = self.address

        city = self.city

        post_code = self.post_code

        country_code = self.country_code

        company_code = self.company_code

        phone: None | str | Unset
        if isinstance(self.phone, Unset):
            phone = UNSET
        else:
            phone = self.phone

        government_dni: None | str | Unset
        if isinstance(self.government_dni, Unset):
            government_dni = UNSET
        else:
            government_dni = self.government_dni

        cpf: None | str | Unset
        if isinstance(self.cpf, Unset):
            cpf = UNSET
        else:
            cpf = self.cpf

        address_extra_info: None | str | Unset
        if isinstance(self.address_extra_info, Unset):
            address_extra_info = UNSET
        else:
            address_extra_info = self.address_extra_info

        external_reference_id: None | str | Unset
        if isinstance(self.external_reference_id, Unset):
            external_reference_id = UNSET
        else:
            external_reference_id = self.external_reference_id

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "firstName": first_name,
                "lastName": last_name,
                "email": email,
                "address": address,
                "city": city,
                "postCode": post_code,
                "countryCode": country_code,
                "companyCode": company_code,
            }
        )
        if phone is not UNSET:
            field_dict["phone"] = phone
        if government_dni is not UNSET:
            field_dict["governmentDNI"] = government_dni
        if cpf is not UNSET:
            field_dict["cpf"] = cpf
        if address_extra_info is not UNSET:
            field_dict["addressExtraInfo"] = address_extra_info
        if external_reference_id is not UNSET:
            field_dict["externalReferenceId"] = external_reference_id

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        first_name = d.pop("firstName")

        last_name = d.pop("lastName")

        email = d.pop("email")

        address = d.pop("address")

        city = d.pop("city")

        post_code = d.pop("postCode")

        country_code = d.pop("countryCode")

        company_code = d.pop("companyCode")

        def _parse_phone(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        phone = _parse_phone(d.pop("phone", UNSET))

        def _parse_government_dni(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        government_dni = _parse_government_dni(d.pop("governmentDNI", UNSET))

        def _parse_cpf(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        cpf = _parse_cpf(d.pop("cpf", UNSET))

        def _parse_address_extra_info(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        address_extra_info = _parse_address_extra_info(d.pop("addressExtraInfo", UNSET))

        def _parse_external_reference_id(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        external_reference_id = _parse_external_reference_id(d.pop("externalReferenceId", UNSET))

        employee_upsert_request = cls(
            first_name=first_name,
            last_name=last_name,
            email=email,
            address=address,
            city=city,
            post_code=post_code,
            country_code=country_code,
            company_code=company_code,
            phone=phone,
            government_dni=government_dni,
            cpf=cpf,
            address_extra_info=address_extra_info,
            external_reference_id=external_reference_id,
        )

        employee_upsert_request.additional_properties = d
        return employee_upsert_request

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
