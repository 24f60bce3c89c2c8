from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.created_through_enum import CreatedThroughEnum
from ..models.hardware_status_enum import HardwareStatusEnum
from ..models.lifecycle_enum import LifecycleEnum
from ..models.retired_reason_enum import RetiredReasonEnum
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.common_model import CommonModel
    from ..models.employee_profile import EmployeeProfile
    from ..models.hardware_movement import HardwareMovement
    from ..models.hardware_note import HardwareNote
    from ..models.hardware_type_ref import HardwareTypeRef
    from ..models.named_ref import NamedRef
    from ..models.storage_ref import StorageRef


T = TypeVar("T", bound="HardwareCreated")


@_attrs_define
class HardwareCreated:
    """An item as other records (movement requests) show it.

    Attributes:
        id (UUID):
        description (None | str):
        serial_number (str):
        brand (None | str):
        name (str):
        image (str): Absolute URL of the image; empty for a catalog item that has none.
        date_bought (datetime.datetime | None):
        country_code (str):
        status (HardwareStatusEnum): * `EMPLOYEE` - Employee
            * `STORAGE` - Storage
        lifecycle (LifecycleEnum): * `ACTIVE` - Active
            * `AWAITING_WIPE` - Awaiting a data wipe
            * `RETIRED` - Retired
        retired_reason (None | RetiredReasonEnum):
        retired_at (datetime.datetime | None):
        new_hardware (bool):
        external_reference (None | str):
        factory_reset (bool):
        damaged (bool):
        cost (None | str): A decimal string, e.g. 1299.00
        cost_currency (str):
        in_movement (bool):
        created_at (datetime.datetime):
        updated_at (datetime.datetime):
        company_id (UUID):
        company_name (str):
        company (NamedRef):
        created_through (CreatedThroughEnum | None):
        created_order_id (None | UUID):
        created_user_id (int | None):
        hardware_type (HardwareTypeRef):
        common_model (CommonModel | None):
        employee_profile (EmployeeProfile | None):
        storage (None | StorageRef):
        hardware_note (list[HardwareNote]):
        movement_requests (list[HardwareMovement]):
        office_name (None | str):
        ram (str | Unset): Only when the item has it.
        disk_space (str | Unset): Only when the item has it.
        display_size (str | Unset): Only when the item has it.
        processor (str | Unset): Only when the item has it.
    """

    id: UUID
    description: None | str
    serial_number: str
    brand: None | str
    name: str
    image: str
    date_bought: datetime.datetime | None
    country_code: str
    status: HardwareStatusEnum
    lifecycle: LifecycleEnum
    retired_reason: None | RetiredReasonEnum
    retired_at: datetime.datetime | None
    new_hardware: bool
    external_reference: None | str
    factory_reset: bool
    damaged: bool
    cost: None | str
    cost_currency: str
    in_movement: bool
    created_at: datetime.datetime
    updated_at: datetime.datetime
    company_id: UUID
    company_name: str
    company: NamedRef
    created_through: CreatedThroughEnum | None
    created_order_id: None | UUID
    created_user_id: int | None
    hardware_type: HardwareTypeRef
    common_model: CommonModel | None
    employee_profile: EmployeeProfile | None
    storage: None | StorageRef
    hardware_note: list[HardwareNote]
    movement_requests: list[HardwareMovement]
    office_name: None | str
    ram: str | Unset = UNSET
    disk_space: str | Unset = UNSET
    display_size: str | Unset = UNSET
    processor: str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.common_model import CommonModel  # noqa: PLC0415
        from ..models.employee_profile import EmployeeProfile  # noqa: PLC0415
        from ..models.storage_ref import StorageRef  # noqa: PLC0415

        id = str(self.id)

        description: None | str
        description = self.description

        serial_number = self.serial_number

        brand: None | str
        brand = self.brand

        name = self.name

        image = self.image

        date_bought: None | str
        if isinstance(self.date_bought, datetime.datetime):
            date_bought = self.date_bought.isoformat()
        else:
            date_bought = self.date_bought

        country_code = self.country_code

        status = self.status.value

        lifecycle = self.lifecycle.value

        retired_reason: None | str
        if isinstance(self.retired_reason, RetiredReasonEnum):
            retired_reason = self.retired_reason.value
        else:
            retired_reason = self.retired_reason

        retired_at: None | str
        if isinstance(self.retired_at, datetime.datetime):
            retired_at = self.retired_at.isoformat()
        else:
            retired_at = self.retired_at

        new_hardware = self.new_hardware

        external_reference: None | str
        external_reference = self.external_reference

        factory_reset = self.factory_reset

        damaged = self.damaged

        cost: None | str
        cost = self.cost

        cost_currency = self.cost_currency

        in_movement = self.in_movement

        created_at = self.created_at.isoformat()

        updated_at = self.updated_at.isoformat()

        company_id = str(self.company_id)

        company_name = self.company_name

        company = self.company.to_dict()

        created_through: None | str
        if isinstance(self.created_through, CreatedThroughEnum):
            created_through = self.created_through.value
        else:
            created_through = self.created_through

        created_order_id: None | str
        if isinstance(self.created_order_id, UUID):
            created_order_id = str(self.created_order_id)
        else:
            created_order_id = self.created_order_id

        created_user_id: int | None
        created_user_id = self.created_user_id

        hardware_type = self.hardware_type.to_dict()

        common_model: dict[str, Any] | None
        if isinstance(self.common_model, CommonModel):
            common_model = self.common_model.to_dict()
        else:
            common_model = self.common_model

        employee_profile: dict[str, Any] | None
        if isinstance(self.employee_profile, EmployeeProfile):
            employee_profile = self.employee_profile.to_dict()
        else:
            employee_profile = self.employee_profile

        storage: dict[str, Any] | None
        if isinstance(self.storage, StorageRef):
            storage = self.storage.to_dict()
        else:
            storage = self.storage

        hardware_note = []
        for hardware_note_item_data in self.hardware_note:
            hardware_note_item = hardware_note_item_data.to_dict()
            hardware_note.append(hardware_note_item)

        movement_requests = []
        for movement_requests_item_data in self.movement_requests:
            movement_requests_item = movement_requests_item_data.to_dict()
            movement_requests.append(movement_requests_item)

        office_name: None | str
        office_name = self.office_name

        ram = self.ram

        disk_space = self.disk_space

        display_size = self.display_size

        processor = self.processor

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "description": description,
                "serialNumber": serial_number,
                "brand": brand,
                "name": name,
                "image": image,
                "dateBought": date_bought,
                "countryCode": country_code,
                "status": status,
                "lifecycle": lifecycle,
                "retiredReason": retired_reason,
                "retiredAt": retired_at,
                "newHardware": new_hardware,
                "externalReference": external_reference,
                "factoryReset": factory_reset,
                "damaged": damaged,
                "cost": cost,
                "costCurrency": cost_currency,
                "inMovement": in_movement,
                "createdAt": created_at,
                "updatedAt": updated_at,
                "companyId": company_id,
                "companyName": company_name,
                "company": company,
                "createdThrough": created_through,
                "createdOrderId": created_order_id,
                "createdUserId": created_user_id,
                "hardwareType": hardware_type,
                "commonModel": common_model,
                "employeeProfile": employee_profile,
                "storage": storage,
                "hardwareNote": hardware_note,
                "movementRequests": movement_requests,
                "officeName": office_name,
            }
        )
        if ram is not UNSET:
            field_dict["ram"] = ram
        if disk_space is not UNSET:
            field_dict["diskSpace"] = disk_space
        if display_size is not UNSET:
            field_dict["displaySize"] = display_size
        if processor is not UNSET:
            field_dict["processor"] = processor

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.common_model import CommonModel  # noqa: PLC0415
        from ..models.employee_profile import EmployeeProfile  # noqa: PLC0415
        from ..models.hardware_movement import HardwareMovement  # noqa: PLC0415
        from ..models.hardware_note import HardwareNote  # noqa: PLC0415
        from ..models.hardware_type_ref import HardwareTypeRef  # noqa: PLC0415
        from ..models.named_ref import NamedRef  # noqa: PLC0415
        from ..models.storage_ref import StorageRef  # noqa: PLC0415

        d = dict(src_dict)
        id = UUID(d.pop("id"))

        def _parse_description(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        description = _parse_description(d.pop("description"))

        serial_number = d.pop("serialNumber")

        def _parse_brand(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        brand = _parse_brand(d.pop("brand"))

        name = d.pop("name")

        image = d.pop("image")

        def _parse_date_bought(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                date_bought_type_0 = datetime.datetime.fromisoformat(data)

                return date_bought_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        date_bought = _parse_date_bought(d.pop("dateBought"))

        country_code = d.pop("countryCode")

        status = HardwareStatusEnum(d.pop("status"))

        lifecycle = LifecycleEnum(d.pop("lifecycle"))

        def _parse_retired_reason(data: object) -> None | RetiredReasonEnum:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                retired_reason_type_0 = RetiredReasonEnum(data)

                return retired_reason_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | RetiredReasonEnum, data)

        retired_reason = _parse_retired_reason(d.pop("retiredReason"))

        def _parse_retired_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                retired_at_type_0 = datetime.datetime.fromisoformat(data)

                return retired_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        retired_at = _parse_retired_at(d.pop("retiredAt"))

        new_hardware = d.pop("newHardware")

        def _parse_external_reference(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        external_reference = _parse_external_reference(d.pop("externalReference"))

        factory_reset = d.pop("factoryReset")

        damaged = d.pop("damaged")

        def _parse_cost(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        cost = _parse_cost(d.pop("cost"))

        cost_currency = d.pop("costCurrency")

        in_movement = d.pop("inMovement")

        created_at = datetime.datetime.fromisoformat(d.pop("createdAt"))

        updated_at = datetime.datetime.fromisoformat(d.pop("updatedAt"))

        company_id = UUID(d.pop("companyId"))

        company_name = d.pop("companyName")

        company = NamedRef.from_dict(d.pop("company"))

        def _parse_created_through(data: object) -> CreatedThroughEnum | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                created_through_type_0 = CreatedThroughEnum(data)

                return created_through_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(CreatedThroughEnum | None, data)

        created_through = _parse_created_through(d.pop("createdThrough"))

        def _parse_created_order_id(data: object) -> None | UUID:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                created_order_id_type_0 = UUID(data)

                return created_order_id_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | UUID, data)

        created_order_id = _parse_created_order_id(d.pop("createdOrderId"))

        def _parse_created_user_id(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        created_user_id = _parse_created_user_id(d.pop("createdUserId"))

        hardware_type = HardwareTypeRef.from_dict(d.pop("hardwareType"))

        def _parse_common_model(data: object) -> CommonModel | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                common_model_type_0 = CommonModel.from_dict(data)

                return common_model_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(CommonModel | None, data)

        common_model = _parse_common_model(d.pop("commonModel"))

        def _parse_employee_profile(data: object) -> EmployeeProfile | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                employee_profile_type_0 = EmployeeProfile.from_dict(data)

                return employee_profile_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(EmployeeProfile | None, data)

        employee_profile = _parse_employee_profile(d.pop("employeeProfile"))

        def _parse_storage(data: object) -> None | StorageRef:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                storage_type_0 = StorageRef.from_dict(data)

                return storage_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | StorageRef, data)

        storage = _parse_storage(d.pop("storage"))

        hardware_note = []
        _hardware_note = d.pop("hardwareNote")
        for hardware_note_item_data in _hardware_note:
            hardware_note_item = HardwareNote.from_dict(hardware_note_item_data)

            hardware_note.append(hardware_note_item)

        movement_requests = []
        _movement_requests = d.pop("movementRequests")
        for movement_requests_item_data in _movement_requests:
            movement_requests_item = HardwareMovement.from_dict(movement_requests_item_data)

            movement_requests.append(movement_requests_item)

        def _parse_office_name(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        office_name = _parse_office_name(d.pop("officeName"))

        ram = d.pop("ram", UNSET)

        disk_space = d.pop("diskSpace", UNSET)

        display_size = d.pop("displaySize", UNSET)

        processor = d.pop("processor", UNSET)

        hardware_created = cls(
            id=id,
            description=description,
            serial_number=serial_number,
            brand=brand,
            name=name,
            image=image,
            date_bought=date_bought,
            country_code=country_code,
            status=status,
            lifecycle=lifecycle,
            retired_reason=retired_reason,
            retired_at=retired_at,
            new_hardware=new_hardware,
            external_reference=external_reference,
            factory_reset=factory_reset,
            damaged=damaged,
            cost=cost,
            cost_currency=cost_currency,
            in_movement=in_movement,
            created_at=created_at,
            updated_at=updated_at,
            company_id=company_id,
            company_name=company_name,
            company=company,
            created_through=created_through,
            created_order_id=created_order_id,
            created_user_id=created_user_id,
            hardware_type=hardware_type,
            common_model=common_model,
            employee_profile=employee_profile,
            storage=storage,
            hardware_note=hardware_note,
            movement_requests=movement_requests,
            office_name=office_name,
            ram=ram,
            disk_space=disk_space,
            display_size=display_size,
            processor=processor,
        )

        hardware_created.additional_properties = d
        return hardware_created

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
