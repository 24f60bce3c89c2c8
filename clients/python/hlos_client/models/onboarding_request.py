from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.movement_employee_request import MovementEmployeeRequest


T = TypeVar("T", bound="OnboardingRequest")


@_attrs_define
class OnboardingRequest:
    """Send exactly one of `employeeEmail` and `employee`.

    Attributes:
        company_code (str): A company this API client manages.
        hardware_ids (list[UUID]):
        expected_date (datetime.date | None | Unset):
        employee_email (str | Unset): Send exactly one of `employeeEmail` and `employee`.
        employee (MovementEmployeeRequest | Unset): The interface's Employee input of movements: governmentDNI required,
            and no
            externalReferenceId, so an employee object is matched by its e-mail (rule 2: an existing
            e-mail updates that employee, never conflicts).
    """

    company_code: str
    hardware_ids: list[UUID]
    expected_date: datetime.date | None | Unset = UNSET
    employee_email: str | Unset = UNSET
    employee: MovementEmployeeRequest | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        company_code = self.company_code

        hardware_ids = []
        for hardware_ids_item_data in self.hardware_ids:
            hardware_ids_item = str(hardware_ids_item_data)
            hardware_ids.append(hardware_ids_item)

        expected_date: None | str | Unset
        if isinstance(self.expected_date, Unset):
            expected_date = UNSET
        elif isinstance(self.expected_date, datetime.date):
            expected_date = self.expected_date.isoformat()
        else:
            expected_date = self.expected_date

        employee_email = self.employee_email

        employee: dict[str, Any] | Unset = UNSET
        if not isinstance(self.employee, Unset):
            employee = self.employee.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "companyCode": company_code,
                "hardwareIds": hardware_ids,
            }
        )
        if expected_date is not UNSET:
            field_dict["expectedDate"] = expected_date
        if employee_email is not UNSET:
            field_dict["employeeEmail"] = employee_email
        if employee is not UNSET:
            field_dict["employee"] = employee

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.movement_employee_request import MovementEmployeeRequest  # noqa: PLC0415

        d = dict(src_dict)
        company_code = d.pop("companyCode")

        hardware_ids = []
        _hardware_ids = d.pop("hardwareIds")
        for hardware_ids_item_data in _hardware_ids:
            hardware_ids_item = UUID(hardware_ids_item_data)

            hardware_ids.append(hardware_ids_item)

        def _parse_expected_date(data: object) -> datetime.date | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                expected_date_type_0 = datetime.date.fromisoformat(data)

                return expected_date_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.date | None | Unset, data)

        expected_date = _parse_expected_date(d.pop("expectedDate", UNSET))

        employee_email = d.pop("employeeEmail", UNSET)

        _employee = d.pop("employee", UNSET)
        employee: MovementEmployeeRequest | Unset
        if isinstance(_employee, Unset):
            employee = UNSET
        else:
            employee = MovementEmployeeRequest.from_dict(_employee)

        onboarding_request = cls(
            company_code=company_code,
            hardware_ids=hardware_ids,
            expected_date=expected_date,
            employee_email=employee_email,
            employee=employee,
        )

        onboarding_request.additional_properties = d
        return onboarding_request

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
