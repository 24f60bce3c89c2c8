"""Movement requests as the API shows them (POST answers and GET alike), so a test states only
the fields it is about."""

from employees.models import Employee
from hardware.models import Hardware
from logistics.models import MovementRequest
from tests.support import iso


def movement(stored: MovementRequest, **shown) -> dict:
    """`stored` as the API shows it: its id, number and times read from the record, the fields
    a new request leaves empty as null, and `shown` (camelCase, as the JSON has them) for the
    rest. The type, status, destination, requester, company, items and history have no default:
    a test that forgets one fails on the key it left out."""
    return {
        "id": str(stored.id),
        "movementRequestNumber": stored.movement_request_number,
        "createdAt": iso(stored.created_at),
        "updatedAt": iso(stored.updated_at),
        "eta": None,
        "expectedDate": None,
        "factoryReset": None,
        "wipe": None,
        "trackingLink": None,
        "trackingCode": None,
        "dateCompleted": None,
        "requesterEmail": None,
        "toEmployeeId": None,
        "fromEmployeeId": None,
        "toEmployee": None,
        "fromEmployee": None,
        "storage": None,
        "shipments": [],
        **shown,
    }


def history(stored: MovementRequest, *moves: tuple[str | None, str]) -> list[dict]:
    """The status history shown with `stored`: one step per (from, to) in `moves`, oldest first,
    each with the id and time of its stored change; there must be exactly that many changes."""
    changes = stored.status_history.all()
    return [
        {
            "id": str(change.id),
            "createdAt": iso(change.created_at),
            "statusFrom": status_from,
            "statusTo": status_to,
        }
        for change, (status_from, status_to) in zip(changes, moves, strict=True)
    ]


def person(employee: Employee) -> dict:
    """The source or destination employee as a movement shows them."""
    return {
        "id": str(employee.id),
        "firstName": employee.first_name,
        "lastName": employee.last_name,
        "countryCode": employee.country_code,
        "email": employee.email,
        "address": employee.address,
        "addressExtraInfo": None,
        "postCode": employee.post_code,
    }


def carried(item: Hardware, **specs) -> dict:
    """An item as a movement shows it, made by HardwareFactory (a Dell monitor); `specs` are
    the ones it has (ram=...), shown only then."""
    return {
        "id": str(item.id),
        "description": None,
        "serialNumber": item.serial_number,
        "brand": "DELL",
        "name": "Dell U2723QE",
        "image": "http://testserver/static/hardware/types/monitor.svg",
        **specs,
    }
