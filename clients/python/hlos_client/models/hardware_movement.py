from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.company_name import CompanyName
    from ..models.movement_employee_ref import MovementEmployeeRef
    from ..models.requester import Requester
    from ..models.storage_ref import StorageRef


T = TypeVar("T", bound="HardwareMovement")


@_attrs_define
class HardwareMovement:
    """A movement request of the item, as the item's detail summarises it.

    Attributes:
        status (str): PROCESSING, COORDINATED, DONE or CANCELLED.
        id (UUID):
        created_at (datetime.datetime):
        type_ (str): ONBOARDING, OFFBOARDING or OFF_ON.
        requester (None | Requester):
        send_to (str): EMPLOYEE or STORAGE.
        handled_by (str): PROVIDER or COMPANY.
        to_employee (MovementEmployeeRef | None):
        from_employee (MovementEmployeeRef | None):
        storage (None | StorageRef):
        company (CompanyName | None):
    """

    status: str
    id: UUID
    created_at: datetime.datetime
    type_: str
    requester: None | Requester
    send_to: str
    handled_by: str
    to_employee: MovementEmployeeRef | None
    from_employee: MovementEmployeeRef | None
    storage: None | StorageRef
    company: CompanyName | None
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.company_name import CompanyName  # noqa: PLC0415
        from ..models.movement_employee_ref import MovementEmployeeRef  # noqa: PLC0415
        from ..models.requester import Requester  # noqa: PLC0415
        from ..models.storage_ref import StorageRef  # noqa: PLC0415

        status = self.status

        id = str(self.id)

        created_at = self.created_at.isoformat()

        type_ = self.type_

        requester: dict[str, Any] | None
        if isinstance(self.requester, Requester):
            requester = self.requester.to_dict()
        else:
            requester = self.requester

        send_to = self.send_to

        handled_by = self.handled_by

        to_employee: dict[str, Any] | None
        if isinstance(self.to_employee, MovementEmployeeRef):
            to_employee = self.to_employee.to_dict()
        else:
            to_employee = self.to_employee

        from_employee: dict[str, Any] | None
        if isinstance(self.from_employee, MovementEmployeeRef):
            from_employee = self.from_employee.to_dict()
        else:
            from_employee = self.from_employee

        storage: dict[str, Any] | None
        if isinstance(self.storage, StorageRef):
            storage = self.storage.to_dict()
        else:
            storage = self.storage

        company: dict[str, Any] | None
        if isinstance(self.company, CompanyName):
            company = self.company.to_dict()
        else:
            company = self.company

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "status": status,
                "id": id,
                "createdAt": created_at,
                "type": type_,
                "requester": requester,
                "sendTo": send_to,
                "handledBy": handled_by,
                "toEmployee": to_employee,
                "fromEmployee": from_employee,
                "storage": storage,
                "company": company,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.company_name import CompanyName  # noqa: PLC0415
        from ..models.movement_employee_ref import MovementEmployeeRef  # noqa: PLC0415
        from ..models.requester import Requester  # noqa: PLC0415
        from ..models.storage_ref import StorageRef  # noqa: PLC0415

        d = dict(src_dict)
        status = d.pop("status")

        id = UUID(d.pop("id"))

        created_at = datetime.datetime.fromisoformat(d.pop("createdAt"))

        type_ = d.pop("type")

        def _parse_requester(data: object) -> None | Requester:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                requester_type_0 = Requester.from_dict(data)

                return requester_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | Requester, data)

        requester = _parse_requester(d.pop("requester"))

        send_to = d.pop("sendTo")

        handled_by = d.pop("handledBy")

        def _parse_to_employee(data: object) -> MovementEmployeeRef | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                to_employee_type_0 = MovementEmployeeRef.from_dict(data)

                return to_employee_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(MovementEmployeeRef | None, data)

        to_employee = _parse_to_employee(d.pop("toEmployee"))

        def _parse_from_employee(data: object) -> MovementEmployeeRef | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                from_employee_type_0 = MovementEmployeeRef.from_dict(data)

                return from_employee_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(MovementEmployeeRef | None, data)

        from_employee = _parse_from_employee(d.pop("fromEmployee"))

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

        def _parse_company(data: object) -> CompanyName | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                company_type_0 = CompanyName.from_dict(data)

                return company_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(CompanyName | None, data)

        company = _parse_company(d.pop("company"))

        hardware_movement = cls(
            status=status,
            id=id,
            created_at=created_at,
            type_=type_,
            requester=requester,
            send_to=send_to,
            handled_by=handled_by,
            to_employee=to_employee,
            from_employee=from_employee,
            storage=storage,
            company=company,
        )

        hardware_movement.additional_properties = d
        return hardware_movement

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
