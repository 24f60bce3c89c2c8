"""Reads of movement requests, always within one company.

Like the hardware lists, requests are read as plain rows in the shapes the output serializers
declare (config.kernel.rows): one query for the requests with their people and storage, one for
their histories, one for their hardware, however many requests there are.
"""

from collections import defaultdict
from collections.abc import Iterable, Mapping, Sequence
from uuid import UUID

from django.contrib.postgres.expressions import ArraySubquery
from django.db.models import OuterRef, QuerySet
from django.utils import timezone

from companies.models import Company
from config.kernel.errors import NotFound
from config.kernel.filtering import apply_filters
from config.kernel.keyset import WHOLE_LIST, Keyset, Page
from config.kernel.links import absolute_url, url_base
from config.kernel.rows import Nested, Row, columns_of, nested_columns, row_of, sorted_as
from config.kernel.specs import specs_applicable
from employees.models import Employee
from hardware.answers import (
    CompanyNameSerializer,
    HardwareMovementSerializer,
    HardwareSummarySerializer,
    MovementEmployeeRefSerializer,
    StorageRefSerializer,
)
from hardware.choices import Lifecycle
from hardware.models import Hardware
from logistics.answers import (
    MovementPersonSerializer,
    MovementRequestSerializer,
    StatusChangeSerializer,
)
from logistics.choices import MovementStatus, MovementType
from logistics.filters import MovementRequestFilter
from logistics.models import MovementRequest, MovementRequestStatusChange
from tracking.selectors import shipment_summaries, shipments_of

MOVEMENT_REQUEST_NOT_FOUND = "Movement request not found"
# Open: still to move its items, which it holds in movement. DONE and CANCELLED are final. The
# one definition: deactivation, relocation, merges, a leave and the dashboard all read it.
OPEN_STATUSES = (MovementStatus.PROCESSING, MovementStatus.COORDINATED)

# The answer's fields and their columns are those of the output serializers.
REQUEST = Row(MovementRequestSerializer)
PEOPLE = (
    Nested("toEmployee", MovementPersonSerializer, through="to_employee"),
    Nested("fromEmployee", MovementPersonSerializer, through="from_employee"),
)
STORAGE = Nested("storage", StorageRefSerializer, through="storage")
REQUEST_NESTED = (*PEOPLE, STORAGE)
REQUEST_NESTED_COLUMNS = nested_columns(*REQUEST_NESTED)
HISTORY = Row(StatusChangeSerializer)
# Read with a change or a carried item to put it under its request.
CHANGE_REQUEST = ("movement_request_id",)
LINK_REQUEST = ("movementrequest_id",)
# The hardware a request carries, read through its links to the items (Django's table).
CarriedLink = MovementRequest.hardwares.through
CARRIED = Nested("hardware", HardwareSummarySerializer, through="hardware")
CARRIED_ORDER = ("hardware__created_at", "hardware_id")
# The list's order (MovementRequest.Meta.ordering), by columns that never change: it pages by it.
MOVEMENT_REQUESTS = Keyset("movement_requests", ("-created_at", "-movement_request_number"))

# A request as the hardware reads show it, through the link table (which has an `id` of its
# own): its status in the lists (`hardware_movement_statuses`); a summary on the detail, whose
# people show fewer fields than on the request itself.
MOVEMENT_SUMMARY = Nested(
    "movement",
    # `id` first, where the detail has always shown it (the serializer inherits `status` first
    # from the lists' shape).
    {"id": "id", **columns_of(HardwareMovementSerializer)},
    through="movementrequest",
)
SUMMARY_PEOPLE = (
    Nested("toEmployee", MovementEmployeeRefSerializer, through="movementrequest__to_employee"),
    Nested("fromEmployee", MovementEmployeeRefSerializer, through="movementrequest__from_employee"),
)
SUMMARY_STORAGE = Nested("storage", StorageRefSerializer, through="movementrequest__storage")
SUMMARY_REQUESTER = Nested("requester", {"email": "requester_email"}, through="movementrequest")
SUMMARY_COMPANY = Nested("company", CompanyNameSerializer, through="movementrequest__company")
SUMMARY_NESTED = (*SUMMARY_PEOPLE, SUMMARY_STORAGE)
SUMMARY_COLUMNS = nested_columns(
    MOVEMENT_SUMMARY, *SUMMARY_NESTED, SUMMARY_REQUESTER, SUMMARY_COMPANY
)


def movement_request_rows(
    *,
    company: Company,
    filters: Mapping | None = None,
    movement_request_id: UUID | None = None,
    history_ids: bool = False,
    page: Page = WHOLE_LIST,
) -> list[dict]:
    """The company's requests as the interface shows them, newest first. `filters` are the
    MovementRequestFilter criteria (`type`, `updatedSince`); `page` a page of MOVEMENT_REQUESTS.
    The status history carries its ids on the detail (`history_ids`), not on the list."""
    requests = MovementRequest.objects.filter(company=company)
    requests = apply_filters(MovementRequestFilter, requests, filters)
    if movement_request_id is not None:
        requests = requests.filter(pk=movement_request_id)
    requests = page.narrow(requests)
    # Histories and hardware select the same requests again as a subquery, not as a list of
    # ids: the SQL of a list stays the same length however many requests it answers.
    request_ids = requests.values("pk")
    changes = MovementRequestStatusChange.objects.filter(movement_request_id__in=request_ids)
    links = CarriedLink.objects.filter(movementrequest_id__in=request_ids).order_by(*CARRIED_ORDER)
    rows = list(REQUEST.values(requests, **REQUEST_NESTED_COLUMNS, **page.columns))
    histories = _histories(HISTORY.values(changes, *CHANGE_REQUEST), with_ids=history_ids)
    hardwares = _hardwares(links.values(*LINK_REQUEST, **CARRIED.expressions))
    shipments = shipment_summaries(holder="movement_request", record_ids=request_ids)
    for row in rows:
        _request_shape(row, histories, hardwares, shipments)
    return rows


def movement_request_payload_created(
    movement: MovementRequest, change: MovementRequestStatusChange, items: Sequence[Hardware]
) -> dict:
    """A request just created, as movement_request_payload would read it, taken from what its
    creation holds: the request with its company, people and storage, its history's first
    `change`, and the `items` it carries as they were locked and linked to it."""
    row = REQUEST.of(movement, **REQUEST_NESTED_COLUMNS)
    histories = _histories([HISTORY.of(change, *CHANGE_REQUEST)], with_ids=True)
    links = [CarriedLink(movementrequest=movement, hardware=item) for item in items]
    link_rows = [
        row_of(link, *LINK_REQUEST, **CARRIED.expressions)
        for link in sorted_as(links, CARRIED_ORDER)
    ]
    _request_shape(row, histories, _hardwares(link_rows), {})
    return row


def _request_shape(
    row: dict,
    histories: Mapping[UUID, list[dict]],
    hardwares: Mapping[UUID, list[dict]],
    shipments: Mapping[UUID, list[dict]],
) -> None:
    """A request's row as the interface shows it, in place: its people and storage lifted into
    their objects, its history, hardware and shipments put in."""
    _nest(row, row, REQUEST_NESTED)
    row["movementRequestStatusHistoric"] = histories.get(row["id"], [])
    row["hardwares"] = hardwares.get(row["id"], [])
    row["shipments"] = shipments.get(row["id"], [])


def movement_request_row(*, company: Company, movement_request_id: UUID) -> dict:
    rows = movement_request_rows(
        company=company, movement_request_id=movement_request_id, history_ids=True
    )
    if not rows:
        raise NotFound(MOVEMENT_REQUEST_NOT_FOUND)
    return rows[0]


def movement_request_shipments(*, company: Company, movement_request_id: UUID) -> list[dict]:
    """The company's request's shipments, each with its events (tracking.selectors)."""
    if not MovementRequest.objects.filter(pk=movement_request_id, company=company).exists():
        raise NotFound(MOVEMENT_REQUEST_NOT_FOUND)
    return shipments_of(company=company, holder="movement_request", record_id=movement_request_id)


def movement_request_payload(movement: MovementRequest) -> dict:
    """The request as GET /movement_requests/{id} shows it: the data of its events."""
    return movement_request_row(company=movement.company, movement_request_id=movement.pk)


def _links_newest_first(**hardware) -> QuerySet:
    """The links of the items `hardware` names to their movement requests, newest first."""
    links = CarriedLink.objects.filter(**hardware)
    return links.order_by(
        "-movementrequest__created_at", "-movementrequest__movement_request_number"
    )


def hardware_movement_statuses() -> ArraySubquery:
    """The statuses of the movement requests of the item `OuterRef("pk")`, newest first, as an
    array read with the item: the hardware lists show `{status}` of each (logistics.apps
    hands this to hardware.selectors, which cannot import logistics)."""
    links = _links_newest_first(hardware=OuterRef("pk"))
    return ArraySubquery(links.values("movementrequest__status"))


def hardware_movements(item_ids: list[UUID]) -> dict[UUID, list[dict]]:
    """The movement requests of hardware items, newest first, in one query, as the hardware
    detail shows them: the interface's summary of each (logistics.apps hands this over)."""
    links = _links_newest_first(hardware_id__in=item_ids)
    values = links.values("hardware_id", **SUMMARY_COLUMNS)
    movements = defaultdict(list)
    for link in values:
        summary = MOVEMENT_SUMMARY.take(link)
        _nest(link, summary, SUMMARY_NESTED)
        requester = SUMMARY_REQUESTER.take(link)
        summary["requester"] = requester if requester["email"] else None
        summary["company"] = SUMMARY_COMPANY.take(link)
        movements[link["hardware_id"]].append(summary)
    return movements


def _nest(row: dict, into: dict, records: tuple[Nested, ...]) -> None:
    """Lift the related records (people, storage) read with `row` into their objects of
    `into`, in place: None where there is none."""
    for record in records:
        shown = record.take(row)
        into[record.key] = shown if shown["id"] is not None else None


def _histories(entries: Iterable[dict], *, with_ids: bool) -> dict[UUID, list[dict]]:
    """Each request's history, from its changes' rows (HISTORY with CHANGE_REQUEST) in order."""
    histories = defaultdict(list)
    for entry in entries:
        request_id = entry.pop("movement_request_id")
        if not with_ids:
            del entry["id"]
        histories[request_id].append(entry)
    return histories


def _hardwares(link_rows: Iterable[dict]) -> dict[UUID, list[dict]]:
    """Each request's hardware, from its links' rows (LINK_REQUEST and CARRIED), in
    CARRIED_ORDER."""
    carried = defaultdict(list)
    base = url_base()
    for link in link_rows:
        item = CARRIED.take(link)
        item["image"] = absolute_url(item["image"], base)
        specs_applicable(item)
        carried[link["movementrequest_id"]].append(item)
    return carried


# The back office's dashboard (registered by logistics.apps) and its list filters: the
# operator works across companies. "Today" is the server's date (TIME_ZONE).


def movements_past_eta(movements: QuerySet[MovementRequest]) -> QuerySet[MovementRequest]:
    """COORDINATED requests whose ETA has passed: the carrier is late, or DONE is not marked."""
    return movements.filter(status=MovementStatus.COORDINATED, eta__lt=timezone.localdate())


def movements_in_status_count(status: MovementStatus) -> int:
    """Movement requests in `status`, in one query (the back office's dashboard)."""
    return MovementRequest.objects.filter(status=status).count()


def movements_past_expected_date(
    movements: QuerySet[MovementRequest],
) -> QuerySet[MovementRequest]:
    """Open requests whose expected date (the client's) has passed."""
    return movements.filter(status__in=OPEN_STATUSES, expected_date__lt=timezone.localdate())


def employee_unreturned_hardware(employee: Employee) -> list[str]:
    """The items `employee` holds that no open request taking hardware from them (an
    offboarding, or an OFF_ON to someone else) carries: what keeps them from being deactivated
    (employees.services, which this is handed to by logistics.apps). A retired item (lost,
    stolen) keeps no one: it is not coming back."""
    returns = MovementRequest.objects.filter(
        from_employee=employee,
        status__in=OPEN_STATUSES,
        type__in=[MovementType.OFFBOARDING, MovementType.OFF_ON],
    )
    held = (
        Hardware.objects.filter(employee=employee)
        .exclude(lifecycle=Lifecycle.RETIRED)
        .exclude(movement_requests__in=returns)
    )
    return [str(item) for item in held.order_by("serial_number", "pk")]
