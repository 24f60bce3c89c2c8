"""The data of the examples of the schema's webhooks (config/api/webhook_events.py): one record
of each kind, as its GET answers it, tried against the schema by
tests/companies/test_webhook_schema.py."""

_BASE = "https://hlos.example.com"
_COMPANY = {"id": "0b6d2f4e-5c1a-4e8b-9f3d-7a2c6e1b9d40", "name": "Demo Co"}
_STORAGE = {"id": "6c0e9a3b-2d4f-4b7e-8a1c-5f9d3e7b2a16", "countryCode": "US"}
_JANE = {
    "id": "9a4e1c7b-3f2d-4a8e-b6c5-1d0f2e3a4b5c",
    "firstName": "Jane",
    "lastName": "Doe",
    "email": "jane.doe@example.com",
    "address": "350 Mission Street",
    "addressExtraInfo": None,
    "postCode": "94105",
    "countryCode": "US",
}
_MACBOOK = {
    "brand": "APPLE",
    "model": "MacBook Pro 14",
    "hardwareType": "MACBOOK",
    "ram": "18GB",
    "diskSpace": "512GB SSD",
    "displaySize": '14"',
    "processor": "Apple M3 Pro",
    "image": f"{_BASE}/static/hardware/types/macbook.svg",
}
_SERIAL = "C02XK1JHJG5J"
TRACKING_CODE = "1Z999AA10123456784"
TRACKING_LINK = f"https://www.ups.com/track?tracknum={TRACKING_CODE}"


def order(status: str, **changes) -> dict:
    line = {
        "id": "5e8b2c1d-4a7f-4c3e-9b6a-0d1e2f3a4b5c",
        "amount": 1,
        "notes": None,
        "quotedUnitPrice": None if status == "PENDING" else "1999.00",
        "createdAt": "2026-03-02T14:05:09.530112Z",
        "catalogModelId": None,
        "manufacturerPartNumber": None,
        **_MACBOOK,
        "externalItemId": None,
        "serialNumbers": [_SERIAL] if status == "DELIVERED" else [],
        "isAvailable": None,
        "isRecommended": None,
        "isSelected": None,
        "alternativeGroup": None,
    }
    employee = {**_JANE, "phone": "+14155550123", "governmentDNI": None, "city": "San Francisco"}
    return {
        "id": "3f1c9a52-6d0e-4b8a-9c47-1e2f3a4b5c6d",
        "orderNumber": 1042,
        "createdAt": "2026-03-02T14:05:09.512345Z",
        "updatedAt": "2026-03-02T14:05:09.512345Z",
        "status": status,
        "date": None,
        "eta": None,
        "maxEta": None,
        "minEta": None,
        "localInvoice": False,
        "trackingLink": None,
        "trackingCode": None,
        "countryCode": "US",
        "sendTo": "EMPLOYEE",
        "currency": "USD",
        "dateCompleted": None,
        "requesterEmail": None,
        "apiClientRequesterName": "Demo HR integration",
        "companyName": _COMPANY["name"],
        "clientName": None,
        "poNumber": "PO-2026-0042",
        "isExternalOrder": False,
        "employeeProfile": employee,
        "hardwares": [line],
        "createdHardwares": [],
        "shipments": [],
        "resellerIds": [],
        **changes,
    }


# An item as a movement request lists it; as an order's delivery made it; as it is now.
_ITEM_SUMMARY = {
    "id": "2b7d4f1a-8c3e-4d6b-a5f0-9e1c2d3b4a57",
    "description": None,
    "serialNumber": _SERIAL,
    "brand": "APPLE",
    "name": "MacBook Pro 14",
    **{name: _MACBOOK[name] for name in ("ram", "diskSpace", "displaySize", "processor", "image")},
}
DELIVERED_ITEM = {
    **_ITEM_SUMMARY,
    "hardwareType": "MACBOOK",
    "cost": "1999.00",
    "dateBought": "2026-03-09T16:20:00Z",
}
ITEM = {
    **_ITEM_SUMMARY,
    "dateBought": "2026-03-09T16:20:00Z",
    "countryCode": "US",
    "status": "STORAGE",
    "lifecycle": "ACTIVE",
    "retiredReason": None,
    "retiredAt": None,
    "newHardware": True,
    "externalReference": "ASSET-00817",
    "factoryReset": False,
    "damaged": False,
    "cost": 1999.0,
    "costCurrency": "USD",
    "inMovement": False,
    "createdAt": "2026-03-09T16:20:00.118604Z",
    "updatedAt": "2026-04-14T11:03:52.640218Z",
    "companyId": _COMPANY["id"],
    "companyName": _COMPANY["name"],
    "company": _COMPANY,
    "createdThrough": "ORDER",
    "createdOrderId": "3f1c9a52-6d0e-4b8a-9c47-1e2f3a4b5c6d",
    "createdUserId": None,
    "hardwareType": {"name": "MACBOOK", "image": _MACBOOK["image"]},
    "commonModel": None,
    "employeeProfile": None,
    "storage": _STORAGE,
    "hardwareNote": [],
    "movementRequests": [],
}
# The item after a PURGE wipe made it ACTIVE again (it was AWAITING_WIPE); after it was
# retired as lost, with the employee who lost it.
WIPED_ITEM = {**ITEM, "updatedAt": "2026-04-16T09:12:05.482113Z"}
RETIRED_ITEM = {
    **ITEM,
    "status": "EMPLOYEE",
    "lifecycle": "RETIRED",
    "retiredReason": "LOST",
    "retiredAt": "2026-04-20T14:31:08.220946Z",
    "updatedAt": "2026-04-20T14:31:08.220946Z",
    "employeeProfile": {key: _JANE[key] for key in ("id", "firstName", "lastName", "email")},
    "storage": None,
}


def movement(status: str, **changes) -> dict:
    history = [("PROCESSING", None, "2026-03-02T09:12:44.201958Z")]
    if status != "PROCESSING":
        history.append((status, "PROCESSING", "2026-03-03T10:02:11.734021Z"))
    return {
        "id": "c21aefb6-a612-4a9c-b68e-f73bc0d46db5",
        "movementRequestNumber": 311,
        "createdAt": history[0][2],
        "updatedAt": history[-1][2],
        "type": "ONBOARDING",
        "status": status,
        "eta": None,
        "sendTo": "EMPLOYEE",
        "handledBy": "PROVIDER",
        "expectedDate": "2026-03-09",
        "factoryReset": None,
        "wipe": None,
        "trackingLink": None,
        "trackingCode": None,
        "dateCompleted": None,
        "apiClientRequesterName": "Demo HR integration",
        "requesterEmail": None,
        "toEmployeeId": _JANE["id"],
        "fromEmployeeId": None,
        "movementRequestStatusHistoric": [
            {
                "id": f"7f3b9c2e-0d1a-4e5f-8b6c-3a2d1e0f9c8{index}",
                "createdAt": at,
                "statusFrom": status_from,
                "statusTo": status_to,
            }
            for index, (status_to, status_from, at) in enumerate(history)
        ],
        "toEmployee": _JANE,
        "fromEmployee": None,
        "storage": _STORAGE,
        "companyName": _COMPANY["name"],
        "hardwares": [_ITEM_SUMMARY],
        "shipments": [],
        **changes,
    }


_SHIPMENT_ID = "8d3f6b2a-1e4c-4a9d-b7e0-5c2f1a3d4e6b"
COORDINATED = movement(
    "COORDINATED",
    eta="2026-03-06",
    trackingCode=TRACKING_CODE,
    trackingLink=TRACKING_LINK,
    shipments=[
        {
            "id": _SHIPMENT_ID,
            "carrier": "UPS",
            "trackingCode": TRACKING_CODE,
            "status": "PRE_TRANSIT",
            "eta": "2026-03-06",
        }
    ],
)
SHIPMENT = {
    "id": _SHIPMENT_ID,
    "carrier": "UPS",
    "trackingCode": TRACKING_CODE,
    "trackingLink": TRACKING_LINK,
    "direction": "OUTBOUND",
    "status": "OUT_FOR_DELIVERY",
    "statusDetail": "OT",
    "eta": "2026-03-06",
    "deliveredAt": None,
    "createdAt": "2026-03-03T10:02:11.720447Z",
    "updatedAt": "2026-03-06T07:41:03.118604Z",
    "record": {"type": "MOVEMENT_REQUEST", "id": COORDINATED["id"], "number": 311},
    "events": [
        {
            "id": "4c1e8a2d-9b3f-4d7a-a6e5-2f0c1b3d5e79",
            "occurredAt": "2026-03-04T18:30:00Z",
            "receivedAt": "2026-03-04T18:31:12.408733Z",
            "status": "IN_TRANSIT",
            "statusDetail": "IT",
            "message": "Departed from facility",
            "location": {
                "city": "Louisville",
                "region": "KY",
                "postCode": "40209",
                "countryCode": "US",
            },
            "source": "CARRIER",
        },
        {
            "id": "e5a2c7f9-3d1b-4e8a-9c0f-6b4d2a1e3c58",
            "occurredAt": "2026-03-06T07:38:00Z",
            "receivedAt": "2026-03-06T07:41:03.102267Z",
            "status": "OUT_FOR_DELIVERY",
            "statusDetail": "OT",
            "message": "Out for delivery today",
            "location": {
                "city": "San Francisco",
                "region": "CA",
                "postCode": "94105",
                "countryCode": "US",
            },
            "source": "CARRIER",
        },
    ],
}


BULK_JOB = {
    "id": "3e7a1c5b-9d2f-4b8e-a6c0-1f4d8b2e7a93",
    "operation": "MOVEMENT_REQUESTS_ONBOARDING",
    "status": "PARTIALLY_FAILED",
    "counts": {"total": 200, "succeeded": 198, "failed": 2, "pending": 0},
    "createdAt": "2026-04-20T07:58:12.604518Z",
    "startedAt": "2026-04-20T07:58:12.731066Z",
    "finishedAt": "2026-04-20T07:58:19.088214Z",
    "resultsUrl": f"{_BASE}/bulk-jobs/3e7a1c5b-9d2f-4b8e-a6c0-1f4d8b2e7a93/results?companyCode=DEM",
}
