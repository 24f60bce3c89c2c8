from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.handled_by_enum import HandledByEnum
from ..models.hardware_status_enum import HardwareStatusEnum
from ..models.movement_status_enum import MovementStatusEnum
from ..models.type_enum import TypeEnum

if TYPE_CHECKING:
    from ..models.hardware_summary import HardwareSummary
    from ..models.movement_person import MovementPerson
    from ..models.shipment_summary import ShipmentSummary
    from ..models.status_change import StatusChange
    from ..models.storage_ref import StorageRef


T = TypeVar("T", bound="MovementRequest")


@_attrs_define
class MovementRequest:
    """
    Attributes:
        id (UUID):
        movement_request_number (int):
        created_at (datetime.datetime):
        updated_at (datetime.datetime):
        type_ (TypeEnum): * `ONBOARDING` - Onboarding
            * `OFFBOARDING` - Offboarding
            * `OFF_ON` - Off On
        status (MovementStatusEnum): * `PROCESSING` - Processing
            * `COORDINATED` - Coordinated
            * `DONE` - Done
            * `CANCELLED` - Cancelled
        eta (datetime.date | None):
        send_to (HardwareStatusEnum): * `EMPLOYEE` - Employee
            * `STORAGE` - Storage
        handled_by (HandledByEnum): * `PROVIDER` - Provider
            * `COMPANY` - Company
        expected_date (datetime.date | None):
        factory_reset (bool | None):
        wipe (bool | None): A return to storage: whether its items land awaiting a data wipe.
        tracking_link (None | str):
        tracking_code (None | str):
        date_completed (datetime.datetime | None):
        api_client_requester_name (None | str):
        requester_email (None | str):
        to_employee_id (None | UUID):
        from_employee_id (None | UUID):
        movement_request_status_historic (list[StatusChange]):
        to_employee (MovementPerson | None):
        from_employee (MovementPerson | None):
        storage (None | StorageRef):
        company_name (str):
        hardwares (list[HardwareSummary]):
        shipments (list[ShipmentSummary]): Its parcels, oldest first; each with its carrier's events at GET
            /movement_requests/{id}/shipments.
    """

    id: UUID
    movement_request_number: int
    created_at: datetime.datetime
    updated_at: datetime.datetime
    type_: TypeEnum
    status: MovementStatusEnum
    eta: datetime.date | None
    send_to: HardwareStatusEnum
    handled_by: HandledByEnum
    expected_date: datetime.date | None
    factory_reset: bool | None
    wipe: bool | None
    tracking_link: None | str
    tracking_code: None | str
    date_completed: datetime.datetime | None
    api_client_requester_name: None | str
    requester_email: None | str
    to_employee_id: None | UUID
    from_employee_id: None | UUID
    movement_request_status_historic: list[StatusChange]
    to_employee: MovementPerson | None
    from_employee: MovementPerson | None
    storage: None | StorageRef
    company_name: str
    hardwares: list[HardwareSummary]
    shipments: list[ShipmentSummary]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.movement_person import MovementPerson  # noqa: PLC0415
        from ..models.storage_ref import StorageRef  # noqa: PLC0415

        id = str(self.id)

        movement_request_number = self.movement_request_number

        created_at = self.created_at.isoformat()

        updated_at = self.updated_at.isoformat()

        type_ = self.type_.value

        status = self.status.value

        eta: None | str
        if isinstance(self.eta, datetime.date):
            eta = self.eta.isoformat()
        else:
            eta = self.eta

        send_to = self.send_to.value

        handled_by = self.handled_by.value

        expected_date: None | str
        if isinstance(self.expected_date, datetime.date):
            expected_date = self.expected_date.isoformat()
        else:
            expected_date = self.expected_date

        factory_reset: bool | None
        factory_reset = self.factory_reset

        wipe: bool | None
        wipe = self.wipe

        tracking_link: None | str
        tracking_link = self.tracking_link

        tracking_code: None | str
        tracking_code = self.tracking_code

        date_completed: None | str
        if isinstance(self.date_completed, datetime.datetime):
            date_completed = self.date_completed.isoformat()
        else:
            date_completed = self.date_completed

        api_client_requester_name: None | str
        api_client_requester_name = self.api_client_requester_name

        requester_email: None | str
        requester_email = self.requester_email

        to_employee_id: None | str
        if isinstance(self.to_employee_id, UUID):
            to_employee_id = str(self.to_employee_id)
        else:
            to_employee_id = self.to_employee_id

        from_employee_id: None | str
        if isinstance(self.from_employee_id, UUID):
            from_employee_id = str(self.from_employee_id)
        else:
            from_employee_id = self.from_employee_id

        movement_request_status_historic = []
        for movement_request_status_historic_item_data in self.movement_request_status_historic:
            movement_request_status_historic_item = movement_request_status_historic_item_data.to_dict()
            movement_request_status_historic.append(movement_request_status_historic_item)

        to_employee: dict[str, Any] | None
        if isinstance(self.to_employee, MovementPerson):
            to_employee = self.to_employee.to_dict()
        else:
            to_employee = self.to_employee

        from_employee: dict[str, Any] | None
        if isinstance(self.from_employee, MovementPerson):
            from_employee = self.from_employee.to_dict()
        else:
            from_employee = self.from_employee

        storage: dict[str, Any] | None
        if isinstance(self.storage, StorageRef):
            storage = self.storage.to_dict()
        else:
            storage = self.storage

        company_name = self.company_name

        hardwares = []
        for hardwares_item_data in self.hardwares:
            hardwares_item = hardwares_item_data.to_dict()
            hardwares.append(hardwares_item)

        shipments = []
        for shipments_item_data in self.shipments:
            shipments_item = shipments_item_data.to_dict()
            shipments.append(shipments_item)

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "movementRequestNumber": movement_request_number,
                "createdAt": created_at,
                "updatedAt": updated_at,
                "type": type_,
                "status": status,
                "eta": eta,
                "sendTo": send_to,
                "handledBy": handled_by,
                "expectedDate": expected_date,
                "factoryReset": factory_reset,
                "wipe": wipe,
                "trackingLink": tracking_link,
                "trackingCode": tracking_code,
                "dateCompleted": date_completed,
                "apiClientRequesterName": api_client_requester_name,
                "requesterEmail": requester_email,
                "toEmployeeId": to_employee_id,
                "fromEmployeeId": from_employee_id,
                "movementRequestStatusHistoric": movement_request_status_historic,
                "toEmployee": to_employee,
                "fromEmployee": from_employee,
                "storage": storage,
                "companyName": company_name,
                "hardwares": hardwares,
                "shipments": shipments,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.hardware_summary import HardwareSummary  # noqa: PLC0415
        from ..models.movement_person import MovementPerson  # noqa: PLC0415
        from ..models.shipment_summary import ShipmentSummary  # noqa: PLC0415
        from ..models.status_change import StatusChange  # noqa: PLC0415
        from ..models.storage_ref import StorageRef  # noqa: PLC0415

        d = dict(src_dict)
        id = UUID(d.pop("id"))

        movement_request_number = d.pop("movementRequestNumber")

        created_at = datetime.datetime.fromisoformat(d.pop("createdAt"))

        updated_at = datetime.datetime.fromisoformat(d.pop("updatedAt"))

        type_ = TypeEnum(d.pop("type"))

        status = MovementStatusEnum(d.pop("status"))

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

        send_to = HardwareStatusEnum(d.pop("sendTo"))

        handled_by = HandledByEnum(d.pop("handledBy"))

        def _parse_expected_date(data: object) -> datetime.date | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                expected_date_type_0 = datetime.date.fromisoformat(data)

                return expected_date_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.date | None, data)

        expected_date = _parse_expected_date(d.pop("expectedDate"))

        def _parse_factory_reset(data: object) -> bool | None:
            if data is None:
                return data
            return cast(bool | None, data)

        factory_reset = _parse_factory_reset(d.pop("factoryReset"))

        def _parse_wipe(data: object) -> bool | None:
            if data is None:
                return data
            return cast(bool | None, data)

        wipe = _parse_wipe(d.pop("wipe"))

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

        def _parse_api_client_requester_name(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        api_client_requester_name = _parse_api_client_requester_name(d.pop("apiClientRequesterName"))

        def _parse_requester_email(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        requester_email = _parse_requester_email(d.pop("requesterEmail"))

        def _parse_to_employee_id(data: object) -> None | UUID:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                to_employee_id_type_0 = UUID(data)

                return to_employee_id_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | UUID, data)

        to_employee_id = _parse_to_employee_id(d.pop("toEmployeeId"))

        def _parse_from_employee_id(data: object) -> None | UUID:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                from_employee_id_type_0 = UUID(data)

                return from_employee_id_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | UUID, data)

        from_employee_id = _parse_from_employee_id(d.pop("fromEmployeeId"))

        movement_request_status_historic = []
        _movement_request_status_historic = d.pop("movementRequestStatusHistoric")
        for movement_request_status_historic_item_data in _movement_request_status_historic:
            movement_request_status_historic_item = StatusChange.from_dict(movement_request_status_historic_item_data)

            movement_request_status_historic.append(movement_request_status_historic_item)

        def _parse_to_employee(data: object) -> MovementPerson | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                to_employee_type_0 = MovementPerson.from_dict(data)

                return to_employee_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(MovementPerson | None, data)

        to_employee = _parse_to_employee(d.pop("toEmployee"))

        def _parse_from_employee(data: object) -> MovementPerson | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                from_employee_type_0 = MovementPerson.from_dict(data)

                return from_employee_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(MovementPerson | None, data)

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

        company_name = d.pop("companyName")

        hardwares = []
        _hardwares = d.pop("hardwares")
        for hardwares_item_data in _hardwares:
            hardwares_item = HardwareSummary.from_dict(hardwares_item_data)

            hardwares.append(hardwares_item)

        shipments = []
        _shipments = d.pop("shipments")
        for shipments_item_data in _shipments:
            shipments_item = ShipmentSummary.from_dict(shipments_item_data)

            shipments.append(shipments_item)

        movement_request = cls(
            id=id,
            movement_request_number=movement_request_number,
            created_at=created_at,
            updated_at=updated_at,
            type_=type_,
            status=status,
            eta=eta,
            send_to=send_to,
            handled_by=handled_by,
            expected_date=expected_date,
            factory_reset=factory_reset,
            wipe=wipe,
            tracking_link=tracking_link,
            tracking_code=tracking_code,
            date_completed=date_completed,
            api_client_requester_name=api_client_requester_name,
            requester_email=requester_email,
            to_employee_id=to_employee_id,
            from_employee_id=from_employee_id,
            movement_request_status_historic=movement_request_status_historic,
            to_employee=to_employee,
            from_employee=from_employee,
            storage=storage,
            company_name=company_name,
            hardwares=hardwares,
            shipments=shipments,
        )

        movement_request.additional_properties = d
        return movement_request

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
