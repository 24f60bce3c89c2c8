from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.brand import Brand
from ..models.hardware_type import HardwareType
from ..types import UNSET, Unset

T = TypeVar("T", bound="HardwareCreateRequest")


@_attrs_define
class HardwareCreateRequest:
    """Send at most one of `employeeProfileId` and `employeeEmail`: with neither, the item goes to storage.

    Send exactly one of `hardwareType` and `commonModelId`.

        Attributes:
            company_code (str): A company this API client manages.
            country_code (str):
            employee_profile_id (UUID | Unset): Send at most one of `employeeProfileId` and `employeeEmail`: with neither,
                the item goes to storage.
            employee_email (str | Unset): Send at most one of `employeeProfileId` and `employeeEmail`: with neither, the
                item goes to storage.
            hardware_type (HardwareType | None | Unset):
            common_model_id (None | Unset | UUID): A catalog item id; the item takes its name, specs and type. Send exactly
                one of `hardwareType` and `commonModelId`.
            serial_number (str | Unset): Absent: "", applied by the service.
            description (None | str | Unset):
            date_bought (datetime.datetime | None | Unset):
            new_hardware (bool | Unset): Absent: true, applied by the service.
            external_reference (None | str | Unset):
            brand (Brand | None | Unset):
            model (None | str | Unset):
            ram (None | str | Unset):
            disk_space (None | str | Unset):
            display_size (None | str | Unset):
            processor (None | str | Unset):
            gpu (None | str | Unset):
            cost (None | str | Unset):
            cost_currency (str | Unset): Absent: "USD", applied by the service.
    """

    company_code: str
    country_code: str
    employee_profile_id: UUID | Unset = UNSET
    employee_email: str | Unset = UNSET
    hardware_type: HardwareType | None | Unset = UNSET
    common_model_id: None | Unset | UUID = UNSET
    serial_number: str | Unset = UNSET
    description: None | str | Unset = UNSET
    date_bought: datetime.datetime | None | Unset = UNSET
    new_hardware: bool | Unset = UNSET
    external_reference: None | str | Unset = UNSET
    brand: Brand | None | Unset = UNSET
    model: None | str | Unset = UNSET
    ram: None | str | Unset = UNSET
    disk_space: None | str | Unset = UNSET
    display_size: None | str | Unset = UNSET
    processor: None | str | Unset = UNSET
    gpu: None | str | Unset = UNSET
    cost: None | str | Unset = UNSET
    cost_currency: str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        company_code = self.company_code

        country_code = self.country_code

        employee_profile_id: str | Unset = UNSET
        if not isinstance(self.employee_profile_id, Unset):
            employee_profile_id = str(self.employee_profile_id)

        employee_email = self.employee_email

        hardware_type: None | str | Unset
        if isinstance(self.hardware_type, Unset):
            hardware_type = UNSET
        elif isinstance(self.hardware_type, HardwareType):
            hardware_type = self.hardware_type.value
        else:
            hardware_type = self.hardware_type

        common_model_id: None | str | Unset
        if isinstance(self.common_model_id, Unset):
            common_model_id = UNSET
        elif isinstance(self.common_model_id, UUID):
            common_model_id = str(self.common_model_id)
        else:
            common_model_id = self.common_model_id

        serial_number = self.serial_number

        description: None | str | Unset
        if isinstance(self.description, Unset):
            description = UNSET
        else:
            description = self.description

        date_bought: None | str | Unset
        if isinstance(self.date_bought, Unset):
            date_bought = UNSET
        elif isinstance(self.date_bought, datetime.datetime):
            date_bought = self.date_bought.isoformat()
        else:
            date_bought = self.date_bought

        new_hardware = self.new_hardware

        external_reference: None | str | Unset
        if isinstance(self.external_reference, Unset):
            external_reference = UNSET
        else:
            external_reference = self.external_reference

        brand: None | str | Unset
        if isinstance(self.brand, Unset):
            brand = UNSET
        elif isinstance(self.brand, Brand):
            brand = self.brand.value
        else:
            brand = self.brand

        model: None | str | Unset
        if isinstance(self.model, Unset):
            model = UNSET
        else:
            model = self.model

        ram: None | str | Unset
        if isinstance(self.ram, Unset):
            ram = UNSET
        else:
            ram = self.ram

        disk_space: None | str | Unset
        if isinstance(self.disk_space, Unset):
            disk_space = UNSET
        else:
            disk_space = self.disk_space

        display_size: None | str | Unset
        if isinstance(self.display_size, Unset):
            display_size = UNSET
        else:
            display_size = self.display_size

        processor: None | str | Unset
        if isinstance(self.processor, Unset):
            processor = UNSET
        else:
            processor = self.processor

        gpu: None | str | Unset
        if isinstance(self.gpu, Unset):
            gpu = UNSET
        else:
            gpu = self.gpu

        cost: None | str | Unset
        if isinstance(self.cost, Unset):
            cost = UNSET
        else:
            cost = self.cost

        cost_currency = self.cost_currency

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "companyCode": company_code,
                "countryCode": country_code,
            }
        )
        if employee_profile_id is not UNSET:
            field_dict["employeeProfileId"] = employee_profile_id
        if employee_email is not UNSET:
            field_dict["employeeEmail"] = employee_email
        if hardware_type is not UNSET:
            field_dict["hardwareType"] = hardware_type
        if common_model_id is not UNSET:
            field_dict["commonModelId"] = common_model_id
        if serial_number is not UNSET:
            field_dict["serialNumber"] = serial_number
        if description is not UNSET:
            field_dict["description"] = description
        if date_bought is not UNSET:
            field_dict["dateBought"] = date_bought
        if new_hardware is not UNSET:
            field_dict["newHardware"] = new_hardware
        if external_reference is not UNSET:
            field_dict["externalReference"] = external_reference
        if brand is not UNSET:
            field_dict["brand"] = brand
        if model is not UNSET:
            field_dict["model"] = model
        if ram is not UNSET:
            field_dict["ram"] = ram
        if disk_space is not UNSET:
            field_dict["diskSpace"] = disk_space
        if display_size is not UNSET:
            field_dict["displaySize"] = display_size
        if processor is not UNSET:
            field_dict["processor"] = processor
        if gpu is not UNSET:
            field_dict["gpu"] = gpu
        if cost is not UNSET:
            field_dict["cost"] = cost
        if cost_currency is not UNSET:
            field_dict["costCurrency"] = cost_currency

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        company_code = d.pop("companyCode")

        country_code = d.pop("countryCode")

        _employee_profile_id = d.pop("employeeProfileId", UNSET)
        employee_profile_id: UUID | Unset
        if isinstance(_employee_profile_id, Unset):
            employee_profile_id = UNSET
        else:
            employee_profile_id = UUID(_employee_profile_id)

        employee_email = d.pop("employeeEmail", UNSET)

        def _parse_hardware_type(data: object) -> HardwareType | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                hardware_type_type_0 = HardwareType(data)

                return hardware_type_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(HardwareType | None | Unset, data)

        hardware_type = _parse_hardware_type(d.pop("hardwareType", UNSET))

        def _parse_common_model_id(data: object) -> None | Unset | UUID:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                common_model_id_type_0 = UUID(data)

                return common_model_id_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | Unset | UUID, data)

        common_model_id = _parse_common_model_id(d.pop("commonModelId", UNSET))

        serial_number = d.pop("serialNumber", UNSET)

        def _parse_description(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        description = _parse_description(d.pop("description", UNSET))

        def _parse_date_bought(data: object) -> datetime.datetime | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                date_bought_type_0 = datetime.datetime.fromisoformat(data)

                return date_bought_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None | Unset, data)

        date_bought = _parse_date_bought(d.pop("dateBought", UNSET))

        new_hardware = d.pop("newHardware", UNSET)

        def _parse_external_reference(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        external_reference = _parse_external_reference(d.pop("externalReference", UNSET))

        def _parse_brand(data: object) -> Brand | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                brand_type_0 = Brand(data)

                return brand_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(Brand | None | Unset, data)

        brand = _parse_brand(d.pop("brand", UNSET))

        def _parse_model(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        model = _parse_model(d.pop("model", UNSET))

        def _parse_ram(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        ram = _parse_ram(d.pop("ram", UNSET))

        def _parse_disk_space(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        disk_space = _parse_disk_space(d.pop("diskSpace", UNSET))

        def _parse_display_size(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        display_size = _parse_display_size(d.pop("displaySize", UNSET))

        def _parse_processor(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        processor = _parse_processor(d.pop("processor", UNSET))

        def _parse_gpu(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        gpu = _parse_gpu(d.pop("gpu", UNSET))

        def _parse_cost(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        cost = _parse_cost(d.pop("cost", UNSET))

        cost_currency = d.pop("costCurrency", UNSET)

        hardware_create_request = cls(
            company_code=company_code,
            country_code=country_code,
            employee_profile_id=employee_profile_id,
            employee_email=employee_email,
            hardware_type=hardware_type,
            common_model_id=common_model_id,
            serial_number=serial_number,
            description=description,
            date_bought=date_bought,
            new_hardware=new_hardware,
            external_reference=external_reference,
            brand=brand,
            model=model,
            ram=ram,
            disk_space=disk_space,
            display_size=display_size,
            processor=processor,
            gpu=gpu,
            cost=cost,
            cost_currency=cost_currency,
        )

        hardware_create_request.additional_properties = d
        return hardware_create_request

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
