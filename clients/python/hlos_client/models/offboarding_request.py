from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.handled_by_enum import HandledByEnum
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.company_input_request import CompanyInputRequest
    from ..models.movement_employee_request import MovementEmployeeRequest
    from ..models.offboarding_hardwares_request import OffboardingHardwaresRequest


T = TypeVar("T", bound="OffboardingRequest")


@_attrs_define
class OffboardingRequest:
    """Send exactly one of `companyCode` and `company`.

    Send exactly one of `employeeEmail` and `employee`.

        Attributes:
            handled_by (HandledByEnum): * `PROVIDER` - Provider
                * `COMPANY` - Company
            hardwares (OffboardingHardwaresRequest):
            company_code (str | Unset): A company this API client manages. Send exactly one of `companyCode` and `company`.
            company (CompanyInputRequest | Unset): The interface's Company input: the creation's fields but the webhook.
            employee_email (str | Unset): Send exactly one of `employeeEmail` and `employee`.
            employee (MovementEmployeeRequest | Unset): The interface's Employee input of movements: governmentDNI required,
                and no
                externalReferenceId, so an employee object is matched by its e-mail (rule 2: an existing
                e-mail updates that employee, never conflicts).
            to_employee_email (None | str | Unset): Makes the request an OFF_ON.
            factory_reset (bool | None | Unset): Ignored for OFF_ON.
            wipe (bool | None | Unset): A return to storage: its items land AWAITING_WIPE, and go out again once an operator
                has recorded their data wipe. Default: the company's wipeOnReturn. Ignored for OFF_ON.
            expected_date (datetime.date | None | Unset):
    """

    handled_by: HandledByEnum
    hardwares: OffboardingHardwaresRequest
    company_code: str | Unset = UNSET
    company: CompanyInputRequest | Unset = UNSET
    employee_email: str | Unset = UNSET
    employee: MovementEmployeeRequest | Unset = UNSET
    to_employee_email: None | str | Unset = UNSET
    factory_reset: bool | None | Unset = UNSET
    wipe: bool | None | Unset = UNSET
    expected_date: datetime.date | None | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        handled_by = self.handled_by.value

        hardwares = self.hardwares.to_dict()

        company_code = self.company_code

        company: dict[str, Any] | Unset = UNSET
        if not isinstance(self.company, Unset):
            company = self.company.to_dict()

        employee_email = self.employee_email

        employee: dict[str, Any] | Unset = UNSET
        if not isinstance(self.employee, Unset):
            employee = self.employee.to_dict()

        to_employee_email: None | str | Unset
        if isinstance(self.to_employee_email, Unset):
            to_employee_email = UNSET
        else:
            to_employee_email = self.to_employee_email

        factory_reset: bool | None | Unset
        if isinstance(self.factory_reset, Unset):
            factory_reset = UNSET
        else:
            factory_reset = self.factory_reset

        wipe: bool | None | Unset
        if isinstance(self.wipe, Unset):
            wipe = UNSET
        else:
            wipe = self.wipe

        expected_date: None | str | Unset
        if isinstance(self.expected_date, Unset):
            expected_date = UNSET
        elif isinstance(self.expected_date, datetime.date):
            expected_date = self.expected_date.isoformat()
        else:
            expected_date = self.expected_date

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "handledBy": handled_by,
                "hardwares": hardwares,
            }
        )
        if company_code is not UNSET:
            field_dict["companyCode"] = company_code
        if company is not UNSET:
            field_dict["company"] = company
        if employee_email is not UNSET:
            field_dict["employeeEmail"] = employee_email
        if employee is not UNSET:
            field_dict["employee"] = employee
        if to_employee_email is not UNSET:
            field_dict["toEmployeeEmail"] = to_employee_email
        if factory_reset is not UNSET:
            field_dict["factoryReset"] = factory_reset
        if wipe is not UNSET:
            field_dict["wipe"] = wipe
        if expected_date is not UNSET:
            field_dict["expectedDate"] = expected_date

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.company_input_request import CompanyInputRequest  # noqa: PLC0415
        from ..models.movement_employee_request import MovementEmployeeRequest  # noqa: PLC0415
        from ..models.offboarding_hardwares_request import OffboardingHardwaresRequest  # noqa: PLC0415

        d = dict(src_dict)
        handled_by = HandledByEnum(d.pop("handledBy"))

        hardwares = OffboardingHardwaresRequest.from_dict(d.pop("hardwares"))

        company_code = d.pop("companyCode", UNSET)

        _company = d.pop("company", UNSET)
        company: CompanyInputRequest | Unset
        if isinstance(_company, Unset):
            company = UNSET
        else:
            company = CompanyInputRequest.from_dict(_company)

        employee_email = d.pop("employeeEmail", UNSET)

        _employee = d.pop("employee", UNSET)
        employee: MovementEmployeeRequest | Unset
        if isinstance(_employee, Unset):
            employee = UNSET
        else:
            employee = MovementEmployeeRequest.from_dict(_employee)

        def _parse_to_employee_email(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        to_employee_email = _parse_to_employee_email(d.pop("toEmployeeEmail", UNSET))

        def _parse_factory_reset(data: object) -> bool | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(bool | None | Unset, data)

        factory_reset = _parse_factory_reset(d.pop("factoryReset", UNSET))

        def _parse_wipe(data: object) -> bool | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(bool | None | Unset, data)

        wipe = _parse_wipe(d.pop("wipe", UNSET))

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

        offboarding_request = cls(
            handled_by=handled_by,
            hardwares=hardwares,
            company_code=company_code,
            company=company,
            employee_email=employee_email,
            employee=employee,
            to_employee_email=to_employee_email,
            factory_reset=factory_reset,
            wipe=wipe,
            expected_date=expected_date,
        )

        offboarding_request.additional_properties = d
        return offboarding_request

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
