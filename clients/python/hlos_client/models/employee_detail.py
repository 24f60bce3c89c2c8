from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.employee_status_enum import EmployeeStatusEnum
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.employee_hardware import EmployeeHardware


T = TypeVar("T", bound="EmployeeDetail")


@_attrs_define
class EmployeeDetail:
    """
    Attributes:
        id (UUID):
        created_at (datetime.datetime):
        updated_at (datetime.datetime):
        first_name (str):
        last_name (str):
        email (str): Stored trimmed and lowercased; unique per company.
        address (str):
        post_code (str):
        country_code (str):
        company_id (UUID):
        merged_into (None | UUID): Set when an operator merged this record into another of the same person: that
            employee's id. A merged employee is DEACTIVATED and no longer found by its e-mail or external reference.
        company_name (str):
        hardwares (list[EmployeeHardware]):
        status (EmployeeStatusEnum | Unset): * `ACTIVE` - Active
            * `DEACTIVATED` - Deactivated
        phone (None | str | Unset): E.164
        government_dni (None | str | Unset):
        cpf (None | str | Unset): Brazilian tax id, 11 digits.
        address_extra_info (None | str | Unset):
        city (None | str | Unset): From geocoding.
        external_reference_id (None | str | Unset):
        lat (float | None | Unset):
        lng (float | None | Unset):
    """

    id: UUID
    created_at: datetime.datetime
    updated_at: datetime.datetime
    first_name: str
    last_name: str
    email: str
    address: str
    post_code: str
    country_code: str
    company_id: UUID
    merged_into: None | UUID
    company_name: str
    hardwares: list[EmployeeHardware]
    status: EmployeeStatusEnum | Unset = UNSET
    phone: None | str | Unset = UNSET
    government_dni: None | str | Unset = UNSET
    cpf: None | str | Unset = UNSET
    address_extra_info: None | str | Unset = UNSET
    city: None | str | Unset = UNSET
    external_reference_id: None | str | Unset = UNSET
    lat: float | None | Unset = UNSET
    lng: float | None | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = str(self.id)

        created_at = self.created_at.isoformat()

        updated_at = self.updated_at.isoformat()

        first_name = self.first_name

        last_name = self.last_name

        email = self.email

        address = self.address

        post_code = self.post_code

        country_code = self.country_code

        company_id = str(self.company_id)

        merged_into: None | str
        if isinstance(self.merged_into, UUID):
            merged_into = str(self.merged_into)
        else:
            merged_into = self.merged_into

        company_name = self.company_name

        hardwares = []
        for hardwares_item_data in self.hardwares:
            hardwares_item = hardwares_item_data.to_dict()
            hardwares.append(hardwares_item)

        status: str | Unset = UNSET
        if not isinstance(self.status, Unset):
            status = self.status.value

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

        city: None | str | Unset
        if isinstance(self.city, Unset):
            city = UNSET
        else:
            city = self.city

        external_reference_id: None | str | Unset
        if isinstance(self.external_reference_id, Unset):
            external_reference_id = UNSET
        else:
            external_reference_id = self.external_reference_id

        lat: float | None | Unset
        if isinstance(self.lat, Unset):
            lat = UNSET
        else:
            lat = self.lat

        lng: float | None | Unset
        if isinstance(self.lng, Unset):
            lng = UNSET
        else:
            lng = self.lng

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "createdAt": created_at,
                "updatedAt": updated_at,
                "firstName": first_name,
                "lastName": last_name,
                "email": email,
                "address": address,
                "postCode": post_code,
                "countryCode": country_code,
                "companyId": company_id,
                "mergedInto": merged_into,
                "companyName": company_name,
                "hardwares": hardwares,
            }
        )
        if status is not UNSET:
            field_dict["status"] = status
        if phone is not UNSET:
            field_dict["phone"] = phone
        if government_dni is not UNSET:
            field_dict["governmentDNI"] = government_dni
        if cpf is not UNSET:
            field_dict["cpf"] = cpf
        if address_extra_info is not UNSET:
            field_dict["addressExtraInfo"] = address_extra_info
        if city is not UNSET:
            field_dict["city"] = city
        if external_reference_id is not UNSET:
            field_dict["externalReferenceId"] = external_reference_id
        if lat is not UNSET:
            field_dict["lat"] = lat
        if lng is not UNSET:
            field_dict["lng"] = lng

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.employee_hardware import EmployeeHardware  # noqa: PLC0415

        d = dict(src_dict)
        id = UUID(d.pop("id"))

        created_at = datetime.datetime.fromisoformat(d.pop("createdAt"))

        updated_at = datetime.datetime.fromisoformat(d.pop("updatedAt"))

        first_name = d.pop("firstName")

        last_name = d.pop("lastName")

        email = d.pop("email")

        address = d.pop("address")

        post_code = d.pop("postCode")

        country_code = d.pop("countryCode")

        company_id = UUID(d.pop("companyId"))

        def _parse_merged_into(data: object) -> None | UUID:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                merged_into_type_0 = UUID(data)

                return merged_into_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | UUID, data)

        merged_into = _parse_merged_into(d.pop("mergedInto"))

        company_name = d.pop("companyName")

        hardwares = []
        _hardwares = d.pop("hardwares")
        for hardwares_item_data in _hardwares:
            hardwares_item = EmployeeHardware.from_dict(hardwares_item_data)

            hardwares.append(hardwares_item)

        _status = d.pop("status", UNSET)
        status: EmployeeStatusEnum | Unset
        if isinstance(_status, Unset):
            status = UNSET
        else:
            status = EmployeeStatusEnum(_status)

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

        def _parse_city(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        city = _parse_city(d.pop("city", UNSET))

        def _parse_external_reference_id(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        external_reference_id = _parse_external_reference_id(d.pop("externalReferenceId", UNSET))

        def _parse_lat(data: object) -> float | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(float | None | Unset, data)

        lat = _parse_lat(d.pop("lat", UNSET))

        def _parse_lng(data: object) -> float | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(float | None | Unset, data)

        lng = _parse_lng(d.pop("lng", UNSET))

        employee_detail = cls(
            id=id,
            created_at=created_at,
            updated_at=updated_at,
            first_name=first_name,
            last_name=last_name,
            email=email,
            address=address,
            post_code=post_code,
            country_code=country_code,
            company_id=company_id,
            merged_into=merged_into,
            company_name=company_name,
            hardwares=hardwares,
            status=status,
            phone=phone,
            government_dni=government_dni,
            cpf=cpf,
            address_extra_info=address_extra_info,
            city=city,
            external_reference_id=external_reference_id,
            lat=lat,
            lng=lng,
        )

        employee_detail.additional_properties = d
        return employee_detail

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
