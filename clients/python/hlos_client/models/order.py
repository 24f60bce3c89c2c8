from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.order_send_to_enum import OrderSendToEnum
from ..models.order_status_enum import OrderStatusEnum

if TYPE_CHECKING:
    from ..models.created_hardware import CreatedHardware
    from ..models.order_employee import OrderEmployee
    from ..models.order_line import OrderLine
    from ..models.reseller import Reseller
    from ..models.shipment_summary import ShipmentSummary


T = TypeVar("T", bound="Order")


@_attrs_define
class Order:
    """
    Attributes:
        id (UUID):
        order_number (int):
        created_at (datetime.datetime):
        updated_at (datetime.datetime):
        status (OrderStatusEnum): * `PENDING` - Pending
            * `QUOTED` - Quoted
            * `ACCEPTED` - Accepted
            * `CANCELLED` - Cancelled
            * `DELIVERED` - Delivered
        date (datetime.date | None): Delivery date.
        eta (datetime.date | None):
        max_eta (datetime.date | None):
        min_eta (datetime.date | None):
        local_invoice (bool):
        tracking_link (None | str):
        tracking_code (None | str):
        country_code (str):
        send_to (OrderSendToEnum): * `EMPLOYEE` - Employee
            * `STORAGE` - Storage
            * `OFFICE` - Office
            * `QUOTE_ONLY` - Quote Only
        currency (str):
        date_completed (datetime.datetime | None):
        requester_email (None | str):
        api_client_requester_name (None | str):
        company_name (str):
        client_name (None | str):
        po_number (None | str):
        is_external_order (bool):
        employee_profile (None | OrderEmployee):
        hardwares (list[OrderLine]): The top-level lines.
        created_hardwares (list[CreatedHardware]):
        shipments (list[ShipmentSummary]): Its parcels, oldest first; each with its carrier's events at GET
            /orders/{id}/shipments.
        reseller_ids (list[Reseller]): Only on orders made by an API client; otherwise empty.
    """

    id: UUID
    order_number: int
    created_at: datetime.datetime
    updated_at: datetime.datetime
    status: OrderStatusEnum
    date: datetime.date | None
    eta: datetime.date | None
    max_eta: datetime.date | None
    min_eta: datetime.date | None
    local_invoice: bool
    tracking_link: None | str
    tracking_code: None | str
    country_code: str
    send_to: OrderSendToEnum
    currency: str
    date_completed: datetime.datetime | None
    requester_email: None | str
    api_client_requester_name: None | str
    company_name: str
    client_name: None | str
    po_number: None | str
    is_external_order: bool
    employee_profile: None | OrderEmployee
    hardwares: list[OrderLine]
    created_hardwares: list[CreatedHardware]
    shipments: list[ShipmentSummary]
    reseller_ids: list[Reseller]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.order_employee import OrderEmployee  # noqa: PLC0415

        id = str(self.id)

        order_number = self.order_number

        created_at = self.created_at.isoformat()

        updated_at = self.updated_at.isoformat()

        status = self.status.value

        date: None | str
        if isinstance(self.date, datetime.date):
            date = self.date.isoformat()
        else:
            date = self.date

        eta: None | str
        if isinstance(self.eta, datetime.date):
            eta = self.eta.isoformat()
        else:
            eta = self.eta

        max_eta: None | str
        if isinstance(self.max_eta, datetime.date):
            max_eta = self.max_eta.isoformat()
        else:
            max_eta = self.max_eta

        min_eta: None | str
        if isinstance(self.min_eta, datetime.date):
            min_eta = self.min_eta.isoformat()
        else:
            min_eta = self.min_eta

        local_invoice = self.local_invoice

        tracking_link: None | str
        tracking_link = self.tracking_link

        tracking_code: None | str
        tracking_code = self.tracking_code

        country_code = self.country_code

        send_to = self.send_to.value

        currency = self.currency

        date_completed: None | str
        if isinstance(self.date_completed, datetime.datetime):
            date_completed = self.date_completed.isoformat()
        else:
            date_completed = self.date_completed

        requester_email: None | str
        requester_email = self.requester_email

        api_client_requester_name: None | str
        api_client_requester_name = self.api_client_requester_name

        company_name = self.company_name

        client_name: None | str
        client_name = self.client_name

        po_number: None | str
        po_number = self.po_number

        is_external_order = self.is_external_order

        employee_profile: dict[str, Any] | None
        if isinstance(self.employee_profile, OrderEmployee):
            employee_profile = self.employee_profile.to_dict()
        else:
            employee_profile = self.employee_profile

        hardwares = []
        for hardwares_item_data in self.hardwares:
            hardwares_item = hardwares_item_data.to_dict()
            hardwares.append(hardwares_item)

        created_hardwares = []
        for created_hardwares_item_data in self.created_hardwares:
            created_hardwares_item = created_hardwares_item_data.to_dict()
            created_hardwares.append(created_hardwares_item)

        shipments = []
        for shipments_item_data in self.shipments:
            shipments_item = shipments_item_data.to_dict()
            shipments.append(shipments_item)

        reseller_ids = []
        for reseller_ids_item_data in self.reseller_ids:
            reseller_ids_item = reseller_ids_item_data.to_dict()
            reseller_ids.append(reseller_ids_item)

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "orderNumber": order_number,
                "createdAt": created_at,
                "updatedAt": updated_at,
                "status": status,
                "date": date,
                "eta": eta,
                "maxEta": max_eta,
                "minEta": min_eta,
                "localInvoice": local_invoice,
                "trackingLink": tracking_link,
                "trackingCode": tracking_code,
                "countryCode": country_code,
                "sendTo": send_to,
                "currency": currency,
                "dateCompleted": date_completed,
                "requesterEmail": requester_email,
                "apiClientRequesterName": api_client_requester_name,
                "companyName": company_name,
                "clientName": client_name,
                "poNumber": po_number,
                "isExternalOrder": is_external_order,
                "employeeProfile": employee_profile,
                "hardwares": hardwares,
                "createdHardwares": created_hardwares,
                "shipments": shipments,
                "resellerIds": reseller_ids,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.created_hardware import CreatedHardware  # noqa: PLC0415
        from ..models.order_employee import OrderEmployee  # noqa: PLC0415
        from ..models.order_line import OrderLine  # noqa: PLC0415
        from ..models.reseller import Reseller  # noqa: PLC0415
        from ..models.shipment_summary import ShipmentSummary  # noqa: PLC0415

        d = dict(src_dict)
        id = UUID(d.pop("id"))

        order_number = d.pop("orderNumber")

        created_at = datetime.datetime.fromisoformat(d.pop("createdAt"))

        updated_at = datetime.datetime.fromisoformat(d.pop("updatedAt"))

        status = OrderStatusEnum(d.pop("status"))

        def _parse_date(data: object) -> datetime.date | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                date_type_0 = datetime.date.fromisoformat(data)

                return date_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.date | None, data)

        date = _parse_date(d.pop("date"))

        def _parse_eta(data: object) -> datetime.date | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                eta_type_0 = datetime.date.fromisoformat(data)

                return eta_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.date | None, data)

        eta = _parse_eta(d.pop("eta"))

        def _parse_max_eta(data: object) -> datetime.date | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                max_eta_type_0 = datetime.date.fromisoformat(data)

                return max_eta_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.date | None, data)

        max_eta = _parse_max_eta(d.pop("maxEta"))

        def _parse_min_eta(data: object) -> datetime.date | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                min_eta_type_0 = datetime.date.fromisoformat(data)

                return min_eta_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.date | None, data)

        min_eta = _parse_min_eta(d.pop("minEta"))

        local_invoice = d.pop("localInvoice")

        def _parse_tracking_link(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        tracking_link = _parse_tracking_link(d.pop("trackingLink"))

        def _parse_tracking_code(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        tracking_code = _parse_tracking_code(d.pop("trackingCode"))

        country_code = d.pop("countryCode")

        send_to = OrderSendToEnum(d.pop("sendTo"))

        currency = d.pop("currency")

        def _parse_date_completed(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                date_completed_type_0 = datetime.datetime.fromisoformat(data)

                return date_completed_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        date_completed = _parse_date_completed(d.pop("dateCompleted"))

        def _parse_requester_email(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        requester_email = _parse_requester_email(d.pop("requesterEmail"))

        def _parse_api_client_requester_name(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        api_client_requester_name = _parse_api_client_requester_name(d.pop("apiClientRequesterName"))

        company_name = d.pop("companyName")

        def _parse_client_name(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        client_name = _parse_client_name(d.pop("clientName"))

        def _parse_po_number(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        po_number = _parse_po_number(d.pop("poNumber"))

        is_external_order = d.pop("isExternalOrder")

        def _parse_employee_profile(data: object) -> None | OrderEmployee:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                employee_profile_type_0 = OrderEmployee.from_dict(data)

                return employee_profile_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | OrderEmployee, data)

        employee_profile = _parse_employee_profile(d.pop("employeeProfile"))

        hardwares = []
        _hardwares = d.pop("hardwares")
        for hardwares_item_data in _hardwares:
            hardwares_item = OrderLine.from_dict(hardwares_item_data)

            hardwares.append(hardwares_item)

        created_hardwares = []
        _created_hardwares = d.pop("createdHardwares")
        for created_hardwares_item_data in _created_hardwares:
            created_hardwares_item = CreatedHardware.from_dict(created_hardwares_item_data)

            created_hardwares.append(created_hardwares_item)

        shipments = []
        _shipments = d.pop("shipments")
        for shipments_item_data in _shipments:
            shipments_item = ShipmentSummary.from_dict(shipments_item_data)

            shipments.append(shipments_item)

        reseller_ids = []
        _reseller_ids = d.pop("resellerIds")
        for reseller_ids_item_data in _reseller_ids:
            reseller_ids_item = Reseller.from_dict(reseller_ids_item_data)

            reseller_ids.append(reseller_ids_item)

        order = cls(
            id=id,
            order_number=order_number,
            created_at=created_at,
            updated_at=updated_at,
            status=status,
            date=date,
            eta=eta,
            max_eta=max_eta,
            min_eta=min_eta,
            local_invoice=local_invoice,
            tracking_link=tracking_link,
            tracking_code=tracking_code,
            country_code=country_code,
            send_to=send_to,
            currency=currency,
            date_completed=date_completed,
            requester_email=requester_email,
            api_client_requester_name=api_client_requester_name,
            company_name=company_name,
            client_name=client_name,
            po_number=po_number,
            is_external_order=is_external_order,
            employee_profile=employee_profile,
            hardwares=hardwares,
            created_hardwares=created_hardwares,
            shipments=shipments,
            reseller_ids=reseller_ids,
        )

        order.additional_properties = d
        return order

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
