"""Writes of hardware items and storages, and the event that tells a company one of its items
changed."""

from contextlib import suppress
from dataclasses import dataclass
from datetime import datetime
from decimal import Decimal
from uuid import UUID

from django.db import IntegrityError, transaction
from django.db.models import Q
from django.utils import timezone

from catalog.models import CatalogItem
from companies.models import Company
from companies.webhooks import event_record
from config.kernel.changes import RecordChange
from config.kernel.countries import storage_country_code
from config.kernel.database import records_touch
from config.kernel.errors import NotFound, ServiceError
from config.kernel.links import answering
from config.kernel.names import camel_case
from config.kernel.specs import ITEM_SPECS, Described
from employees.models import Employee
from employees.selectors import employee_get, employee_get_by_email
from hardware.choices import TYPES_WITH_SPECS, CreatedThrough, HardwareStatus
from hardware.models import Hardware, HardwareType, Storage
from hardware.selectors import HARDWARE_NOT_FOUND, hardware_row

SERIAL_TAKEN = "serialNumber already exists in this company"
SERIAL_IN_SEVERAL_COMPANIES = (
    "Serial number {serial} is on items of several companies: name the item by its hardware id"
)
HARDWARE_UPDATED = "hardware.updated"


def storage_for_country(*, country_code: str) -> Storage:
    """The warehouse serving `country_code`, made on first need (EU members share `EU`)."""
    storage, _ = Storage.objects.get_or_create(country_code=storage_country_code(country_code))
    return storage


@dataclass(frozen=True, kw_only=True)
class HardwareSpec(Described):
    """What a client says about a new item; the service fills in the rest. `country_code`
    is None only where the flow decides it (an offboarding's new items take the employee's)."""

    country_code: str | None = None
    hardware_type: str | None = None
    common_model_id: UUID | None = None
    serial_number: str = ""
    description: str | None = None
    date_bought: datetime | None = None
    new_hardware: bool = True
    external_reference: str | None = None
    gpu: str | None = None
    cost: Decimal | None = None
    cost_currency: str = "USD"


@transaction.atomic
def hardware_create(
    *,
    company: Company,
    spec: HardwareSpec,
    employee_id: UUID | None = None,
    employee_email: str | None = None,
    created_through: CreatedThrough = CreatedThrough.API,
    created_order_id: UUID | None = None,
    created_line_id: UUID | None = None,
    touch_employee: bool = True,
) -> Hardware:
    """A new item, on the employee named by id or e-mail, or else in the storage of its
    country. Serial numbers are unique per company; the database decides under races.
    `created_order_id` and `created_line_id` name the order and line that delivered it
    (created_through ORDER).

    The employee's hardwares (GET /employees/{id}) now show the item, so the employee's
    updatedAt moves; a flow making many items for one employee passes `touch_employee=False`
    and touches the employee once itself."""
    if employee_id is not None and employee_email is not None:
        raise ServiceError.invalid_field(
            "employeeEmail", "Send employeeProfileId or employeeEmail, not both"
        )
    if spec.country_code is None:
        raise TypeError("HardwareSpec.country_code is needed to create an item")
    employee = _assignee(company, employee_id, employee_email)
    hardware_type, common_model = _type_and_model(spec)
    given_specs = {field: getattr(spec, field) for field in ITEM_SPECS}
    if hardware_type.name not in TYPES_WITH_SPECS:
        _refuse_specs(given_specs, hardware_type)
    specs = _specs_of(common_model) | {
        field: value for field, value in given_specs.items() if value is not None
    }

    hardware = Hardware(
        company=company,
        hardware_type=hardware_type,
        common_model=common_model,
        status=HardwareStatus.EMPLOYEE if employee else HardwareStatus.STORAGE,
        employee=employee,
        storage=None if employee else storage_for_country(country_code=spec.country_code),
        serial_number=spec.serial_number,
        description=spec.description,
        brand=spec.brand or _catalog_brand(common_model),
        name=spec.model or (common_model.name if common_model else hardware_type.name),
        image=(common_model.image if common_model else "") or hardware_type.image,
        date_bought=spec.date_bought,
        country_code=spec.country_code,
        new_hardware=spec.new_hardware,
        external_reference=spec.external_reference,
        cost=spec.cost,
        cost_currency=spec.cost_currency,
        created_through=created_through,
        created_order_id=created_order_id,
        created_line_id=created_line_id,
        **specs,
    )
    try:
        with transaction.atomic():
            hardware.save(force_insert=True)
    except IntegrityError as error:
        if (
            spec.serial_number
            and company.hardwares.filter(serial_number=spec.serial_number).exists()
        ):
            raise ServiceError.invalid_field("serialNumber", SERIAL_TAKEN) from error
        raise
    if employee is not None and touch_employee:
        records_touch(Employee.objects.filter(pk=employee.pk))
    return hardware


def _assignee(company: Company, employee_id: UUID | None, email: str | None) -> Employee | None:
    if employee_id is not None:
        return employee_get(company=company, employee_id=employee_id)
    if email is not None:
        return employee_get_by_email(company=company, email=email)
    return None


def _type_and_model(spec: HardwareSpec) -> tuple[HardwareType, CatalogItem | None]:
    if (spec.hardware_type is None) == (spec.common_model_id is None):
        raise ServiceError.invalid_field(
            "hardwareType", "Send exactly one of hardwareType and commonModelId"
        )
    if spec.common_model_id is not None:
        common_model = CatalogItem.objects.filter(pk=spec.common_model_id).first()
        if common_model is None:
            raise NotFound("Common model not found")
        type_name, field = common_model.hardware_type, "commonModelId"
    else:
        common_model, type_name, field = None, spec.hardware_type, "hardwareType"
    hardware_type = HardwareType.objects.filter(name=type_name, order_only=False).first()
    if hardware_type is None:
        raise ServiceError.invalid_field(field, f"{type_name} is not a hardware item type")
    return hardware_type, common_model


def _refuse_specs(given_specs: dict, hardware_type: HardwareType) -> None:
    names = [camel_case(field) for field, value in given_specs.items() if value is not None]
    details = [
        {
            "field": name,
            "message": f"{name} applies only to PC and MACBOOK, not {hardware_type.name}",
        }
        for name in names
    ]
    if details:
        raise ServiceError("Invalid request data", details=details)


def _specs_of(common_model: CatalogItem | None) -> dict:
    if common_model is None:
        return {}
    return {
        field: getattr(common_model, field)
        for field in ITEM_SPECS
        if getattr(common_model, field, None) is not None
    }


def _catalog_brand(common_model: CatalogItem | None) -> str | None:
    return common_model.brand if common_model else None


def hardware_lock(*, company: Company, hardware_ids: list[UUID]) -> list[Hardware]:
    """The company's items with these ids, locked until the transaction ends, in `hardware_ids`
    order. Rows are locked in id order, whatever the caller's order, so two transactions
    locking overlapping items cannot deadlock. Ids the company has no item for are refused.
    Each item's storage is read with it (checks ask where an item is), not locked."""
    locked = {
        item.id: item
        for item in Hardware.objects.select_related("storage")
        .select_for_update(of=("self",))
        .filter(company=company, pk__in=hardware_ids)
        .order_by("pk")
    }
    missing = [
        {"field": f"hardwareIds[{index}]", "message": f"Hardware {hardware_id} not found"}
        for index, hardware_id in enumerate(hardware_ids)
        if hardware_id not in locked
    ]
    if missing:
        raise ServiceError("Invalid request data", details=missing)
    return [locked[hardware_id] for hardware_id in hardware_ids]


def hardware_mark_in_movement(*, items: list[Hardware], in_movement: bool) -> None:
    """Mark `items` in a movement or out of one."""
    Hardware.objects.filter(pk__in=[item.pk for item in items]).update(
        in_movement=in_movement, updated_at=timezone.now()
    )
    for item in items:
        item.in_movement = in_movement


def hardware_land(
    *,
    items: list[Hardware],
    employee: Employee | None = None,
    storage: Storage | None = None,
    factory_reset: bool = False,
) -> None:
    """Items arrive: with `employee` (status EMPLOYEE) or in `storage` (status STORAGE), and
    are no longer in movement. Items returned to storage for a factory reset are marked reset."""
    if (employee is None) == (storage is None):
        raise ValueError("Items land with an employee or in a storage, exactly one")
    status = HardwareStatus.EMPLOYEE if employee else HardwareStatus.STORAGE
    changes = {"factory_reset": True} if factory_reset else {}
    Hardware.objects.filter(pk__in=[item.pk for item in items]).update(
        status=status,
        employee=employee,
        storage=storage,
        in_movement=False,
        updated_at=timezone.now(),
        **changes,
    )


def hardware_updated_record(item: Hardware) -> None:
    """`hardware.updated`, the item as GET /hardwares/{hardwareId} shows it: sent for every
    change of an item that is not a movement's (a correction, a relocation, a merge)."""
    # Made for no request: its URLs are PUBLIC_BASE_URL's, or relative (config.kernel.links).
    with answering(None):
        payload = hardware_row(company=item.company, hardware_id=item.pk)
    event_record(company=item.company, kind=HARDWARE_UPDATED, payload=payload)


def hardware_hand_over(duplicate: Employee, keep: Employee) -> list[RecordChange]:
    """A merge's part (employees.merging): the items the duplicate holds are the kept
    employee's, in the kept employee's country, as the items an employee is given are."""
    items = Hardware.objects.select_related("company").select_for_update(of=("self",))
    changes = []
    for item in items.filter(employee=duplicate).order_by("pk"):
        before = {"employee": duplicate.email, "country code": item.country_code}
        item.employee, item.country_code = keep, keep.country_code
        item.save(update_fields=["employee", "country_code", "updated_at"])
        after = {"employee": keep.email, "country code": item.country_code}
        changes.append(RecordChange.between(f"Hardware {item.id} {item}", before, after))
        hardware_updated_record(item)
    return changes


def hardware_lock_by_reference(reference: str) -> Hardware:
    """The item an operator names by its id or its serial number (unique within a company
    only), locked, with its company read (not locked): the operators' commands take either."""
    reference = reference.strip()
    named = Q(serial_number=reference) if reference else Q(pk__in=[])
    with suppress(ValueError):
        named |= Q(pk=UUID(reference))
    items = list(
        Hardware.objects.select_related("company")
        .select_for_update(of=("self",))
        .filter(named)
        .order_by("pk")[:2]
    )
    if not items:
        raise NotFound(HARDWARE_NOT_FOUND)
    if len(items) > 1:
        raise ServiceError(SERIAL_IN_SEVERAL_COMPANIES.format(serial=reference))
    return items[0]
