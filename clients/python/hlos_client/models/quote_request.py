from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.extra_service_type_enum import ExtraServiceTypeEnum
from ..models.order_send_to_enum import OrderSendToEnum
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.quote_company_request import QuoteCompanyRequest
    from ..models.quote_employee_request import QuoteEmployeeRequest
    from ..models.quote_line_request import QuoteLineRequest


T = TypeVar("T", bound="QuoteRequest")


@_attrs_define
class QuoteRequest:
    """Send exactly one of `companyCode` and `company`.

    With sendTo EMPLOYEE, send exactly one of `employeeEmail` and `employee`.

        Attributes:
            country_code (str):
            send_to (OrderSendToEnum): * `EMPLOYEE` - Employee
                * `STORAGE` - Storage
                * `OFFICE` - Office
                * `QUOTE_ONLY` - Quote Only
            hardwares (list[QuoteLineRequest]):
            company_code (str | Unset): A company this API client manages; or send `company`. Send exactly one of
                `companyCode` and `company`.
            company (None | QuoteCompanyRequest | Unset): Created, or updated when the code is yours. Send exactly one of
                `companyCode` and `company`.
            employee_email (None | str | Unset): sendTo EMPLOYEE: an existing employee. With sendTo EMPLOYEE, send exactly
                one of `employeeEmail` and `employee`.
            employee (None | QuoteEmployeeRequest | Unset): sendTo EMPLOYEE: created or updated. With sendTo EMPLOYEE, send
                exactly one of `employeeEmail` and `employee`.
            po_number (None | str | Unset): A repeat answers the company's order with it, with 200.
            client_name (None | str | Unset):
            abm_id (None | str | Unset): Added as the comment `ABMId: <value>`.
            auto_quote (bool | Unset): Prices and QUOTED at once; not in production. Absent: false, applied by the service.
            extra_service_type (list[ExtraServiceTypeEnum] | Unset):
    """

    country_code: str
    send_to: OrderSendToEnum
    hardwares: list[QuoteLineRequest]
    company_code: str | Unset = UNSET
    company: None | QuoteCompanyRequest | Unset = UNSET
    employee_email: None | str | Unset = UNSET
    employee: None | QuoteEmployeeRequest | Unset = UNSET
    po_number: None | str | Unset = UNSET
    client_name: None | str | Unset = UNSET
    abm_id: None | str | Unset = UNSET
    auto_quote: bool | Unset = UNSET
    extra_service_type: list[ExtraServiceTypeEnum] | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.quote_company_request import QuoteCompanyRequest  # noqa: PLC0415
        from ..models.quote_employee_request import QuoteEmployeeRequest  # noqa: PLC0415

        country_code = self.country_code

        send_to = self.send_to.value

        hardwares = []
        for hardwares_item_data in self.hardwares:
            hardwares_item = hardwares_item_data.to_dict()
            hardwares.append(hardwares_item)

        company_code = self.company_code

        company: dict[str, Any] | None | Unset
        if isinstance(self.company, Unset):
            company = UNSET
        elif isinstance(self.company, QuoteCompanyRequest):
            company = self.company.to_dict()
        else:
            company = self.company

        employee_email: None | str | Unset
        if isinstance(self.employee_email, Unset):
            employee_email = UNSET
        else:
            employee_email = self.employee_email

        employee: dict[str, Any] | None | Unset
        if isinstance(self.employee, Unset):
            employee = UNSET
        elif isinstance(self.employee, QuoteEmployeeRequest):
            employee = self.employee.to_dict()
        else:
            employee = self.employee

        po_number: None | str | Unset
        if isinstance(self.po_number, Unset):
            po_number = UNSET
        else:
            po_number = self.po_number

        client_name: None | str | Unset
        if isinstance(self.client_name, Unset):
            client_name = UNSET
        else:
            client_name = self.client_name

        abm_id: None | str | Unset
        if isinstance(self.abm_id, Unset):
            abm_id = UNSET
        else:
            abm_id = self.abm_id

        auto_quote = self.auto_quote

        extra_service_type: list[str] | Unset = UNSET
        if not isinstance(self.extra_service_type, Unset):
            extra_service_type = []
            for extra_service_type_item_data in self.extra_service_type:
                extra_service_type_item = extra_service_type_item_data.value
                extra_service_type.append(extra_service_type_item)

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "countryCode": country_code,
                "sendTo": send_to,
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
        if po_number is not UNSET:
            field_dict["poNumber"] = po_number
        if client_name is not UNSET:
            field_dict["clientName"] = client_name
        if abm_id is not UNSET:
            field_dict["ABMId"] = abm_id
        if auto_quote is not UNSET:
            field_dict["autoQuote"] = auto_quote
        if extra_service_type is not UNSET:
            field_dict["extraServiceType"] = extra_service_type

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.quote_company_request import QuoteCompanyRequest  # noqa: PLC0415
        from ..models.quote_employee_request import QuoteEmployeeRequest  # noqa: PLC0415
        from ..models.quote_line_request import QuoteLineRequest  # noqa: PLC0415

        d = dict(src_dict)
        country_code = d.pop("countryCode")

        send_to = OrderSendToEnum(d.pop("sendTo"))

        hardwares = []
        _hardwares = d.pop("hardwares")
        for hardwares_item_data in _hardwares:
            hardwares_item = QuoteLineRequest.from_dict(hardwares_item_data)

            hardwares.append(hardwares_item)

        company_code = d.pop("companyCode", UNSET)

        def _parse_company(data: object) -> None | QuoteCompanyRequest | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                company_type_0 = QuoteCompanyRequest.from_dict(data)

                return company_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | QuoteCompanyRequest | Unset, data)

        company = _parse_company(d.pop("company", UNSET))

        def _parse_employee_email(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        employee_email = _parse_employee_email(d.pop("employeeEmail", UNSET))

        def _parse_employee(data: object) -> None | QuoteEmployeeRequest | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                employee_type_0 = QuoteEmployeeRequest.from_dict(data)

                return employee_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | QuoteEmployeeRequest | Unset, data)

        employee = _parse_employee(d.pop("employee", UNSET))

        def _parse_po_number(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        po_number = _parse_po_number(d.pop("poNumber", UNSET))

        def _parse_client_name(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        client_name = _parse_client_name(d.pop("clientName", UNSET))

        def _parse_abm_id(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        abm_id = _parse_abm_id(d.pop("ABMId", UNSET))

        auto_quote = d.pop("autoQuote", UNSET)

        _extra_service_type = d.pop("extraServiceType", UNSET)
        extra_service_type: list[ExtraServiceTypeEnum] | Unset = UNSET
        if _extra_service_type is not UNSET:
            extra_service_type = []
            for extra_service_type_item_data in _extra_service_type:
                extra_service_type_item = ExtraServiceTypeEnum(extra_service_type_item_data)

                extra_service_type.append(extra_service_type_item)

        quote_request = cls(
            country_code=country_code,
            send_to=send_to,
            hardwares=hardwares,
            company_code=company_code,
            company=company,
            employee_email=employee_email,
            employee=employee,
            po_number=po_number,
            client_name=client_name,
            abm_id=abm_id,
            auto_quote=auto_quote,
            extra_service_type=extra_service_type,
        )

        quote_request.additional_properties = d
        return quote_request

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
