"""Reads of movement requests, always within one company.

Like the hardware lists, requests are read as plain rows named as the interface names them:
one query for the requests with their people and storage, one for their histories, one for
their hardware, however many requests there are.
"""

from collections import defaultdict
from collections.abc import Mapping
from uuid import UUID

from django.db.models import F, QuerySet

from companies.models import Company
from config.db import native_timestamps
from config.errors import NotFound
from config.filtering import apply_filters
from hardware.models import Hardware
from logistics.filters import MovementRequestFilter
from logistics.models import MovementRequest, MovementRequestStatusChange

MOVEMENT_REQUEST_NOT_FOUND = "Movement request not found"

REQUEST_COLUMNS = {
    "movementRequestNumber": "movement_request_number",
    "createdAt": "created_at",
    "updatedAt": "updated_at",
    "sendTo": "send_to",
    "handledBy": "handled_by",
    "expectedDate": "expected_date",
    "factoryReset": "factory_reset",
    "trackingLink": "tracking_link",
    "trackingCode": "tracking_code",
    "dateCompleted": "date_completed",
    "apiClientRequesterName": "api_client_requester_name",
    "requesterEmail": "requester_email",
    "toEmployeeId": "to_employee_id",
    "fromEmployeeId": "from_employee_id",
    "storageId": "storage_id",
    "storageCountryCode": "storage__country_code",
    "companyName": "company__name",
}
# The employee objects of a request: interface name -> Employee field.
PERSON_FIELDS = {
    "id": "id",
    "firstName": "first_name",
    "lastName": "last_name",
    "countryCode": "country_code",
    "email": "email",
    "address": "address",
    "addressExtraInfo": "address_extra_info",
    "postCode": "post_code",
}
PEOPLE = {"toEmployee": "to_employee", "fromEmployee": "from_employee"}
HARDWARE_FIELDS = {
    "id": "id",
    "description": "description",
    "serialNumber": "serial_number",
    "brand": "brand",
    "name": "name",
    "ram": "ram",
    "diskSpace": "disk_space",
    "displaySize": "display_size",
    "processor": "processor",
    "image": "image",
}
SPEC_KEYS = ("ram", "diskSpace", "displaySize", "processor")
# A request as the hardware detail summarises it (interface, Hardware item): interface name ->
# MovementRequest field; its people show fewer fields than on the request itself.
SUMMARY_COLUMNS = {
    "id": "id",
    "status": "status",
    "createdAt": "created_at",
    "type": "type",
    "requesterEmail": "requester_email",
    "sendTo": "send_to",
    "handledBy": "handled_by",
    "storageId": "storage_id",
    "storageCountryCode": "storage__country_code",
    "companyName": "company__name",
}
SUMMARY_PERSON_FIELDS = {
    name: PERSON_FIELDS[name] for name in ("id", "firstName", "lastName", "countryCode")
}


def movement_request_rows(
    *,
    company: Company,
    filters: Mapping | None = None,
    movement_request_id: UUID | None = None,
    history_ids: bool = False,
) -> list[dict]:
    """The company's requests as the interface shows them, newest first. `filters` are the
    MovementRequestFilter criteria (`type`). The status history carries its ids on the detail
    (`history_ids`), not on the list."""
    requests = MovementRequest.objects.filter(company=company)
    requests = apply_filters(MovementRequestFilter, requests, filters)
    if movement_request_id is not None:
        requests = requests.filter(pk=movement_request_id)
    with native_timestamps():
        rows = list(
            requests.values(
                "id",
                "type",
                "status",
                "eta",
                **{name: F(path) for name, path in REQUEST_COLUMNS.items()},
                **_people_columns(PERSON_FIELDS),
            )
        )
        ids = [row["id"] for row in rows]
        histories = _histories(ids, with_ids=history_ids)
        hardwares = _hardwares(ids)
    for row in rows:
        _shape(row)
        row["movementRequestStatusHistoric"] = histories.get(row["id"], [])
        row["hardwares"] = hardwares.get(row["id"], [])
    return rows


def movement_request_row(*, company: Company, movement_request_id: UUID) -> dict:
    rows = movement_request_rows(
        company=company, movement_request_id=movement_request_id, history_ids=True
    )
    if not rows:
        raise NotFound(MOVEMENT_REQUEST_NOT_FOUND)
    return rows[0]


def movement_request_payload(movement: MovementRequest) -> dict:
    """The request as GET /movement_requests/{id} shows it: the data of its events."""
    return movement_request_row(company=movement.company, movement_request_id=movement.pk)


def hardware_movements(*, items: QuerySet[Hardware], detail: bool) -> dict[UUID, list[dict]]:
    """The movement requests of hardware items, newest first, in one query, for the hardware
    reads (logistics.apps hands this to hardware.selectors, which cannot import logistics):
    `{status}` in the lists, a summary of each request on the detail."""
    fields = SUMMARY_COLUMNS if detail else {"status": "status"}
    columns = {name: F(f"movementrequest__{field}") for name, field in fields.items()}
    if detail:
        columns.update(_people_columns(SUMMARY_PERSON_FIELDS, through="movementrequest__"))
    links = MovementRequest.hardwares.through.objects.filter(hardware__in=items.values("pk"))
    # The link table has an `id` of its own: the request's columns are read under a prefix.
    values = links.order_by(
        "-movementrequest__created_at", "-movementrequest__movement_request_number"
    ).values("hardware_id", **{f"movement_{name}": column for name, column in columns.items()})
    movements = defaultdict(list)
    for link in values:
        summary = {name: link[f"movement_{name}"] for name in columns}
        if detail:
            _shape(summary, SUMMARY_PERSON_FIELDS)
            email = summary.pop("requesterEmail")
            summary["requester"] = {"email": email} if email else None
            summary["company"] = {"name": summary.pop("companyName")}
        movements[link["hardware_id"]].append(summary)
    return movements


def _people_columns(person_fields: dict[str, str], through: str = "") -> dict[str, F]:
    return {
        f"{key}_{name}": F(f"{through}{relation}__{field}")
        for key, relation in PEOPLE.items()
        for name, field in person_fields.items()
    }


def _shape(row: dict, person_fields: dict[str, str] = PERSON_FIELDS) -> None:
    """Nest the joined columns of the people and the storage into their objects, in place."""
    for key in PEOPLE:
        person = {name: row.pop(f"{key}_{name}") for name in person_fields}
        row[key] = person if person["id"] is not None else None
    storage_id, storage_country = row.pop("storageId"), row.pop("storageCountryCode")
    row["storage"] = {"id": storage_id, "countryCode": storage_country} if storage_id else None


def _histories(request_ids: list[UUID], *, with_ids: bool) -> dict[UUID, list[dict]]:
    histories = defaultdict(list)
    changes = MovementRequestStatusChange.objects.filter(movement_request_id__in=request_ids)
    for change in changes.values(
        "id", "movement_request_id", "created_at", "status_from", "status_to"
    ):
        entry = {
            "createdAt": change["created_at"],
            "statusFrom": change["status_from"],
            "statusTo": change["status_to"],
        }
        if with_ids:
            entry = {"id": change["id"], **entry}
        histories[change["movement_request_id"]].append(entry)
    return histories


def _hardwares(request_ids: list[UUID]) -> dict[UUID, list[dict]]:
    carried = defaultdict(list)
    links = MovementRequest.hardwares.through.objects.filter(movementrequest_id__in=request_ids)
    for link in links.order_by("hardware__created_at", "hardware_id").values(
        "movementrequest_id",
        **{f"carried_{name}": F(f"hardware__{field}") for name, field in HARDWARE_FIELDS.items()},
    ):
        item = {name: link[f"carried_{name}"] for name in HARDWARE_FIELDS}
        for key in SPEC_KEYS:
            if item[key] is None:
                del item[key]
        carried[link["movementrequest_id"]].append(item)
    return carried
