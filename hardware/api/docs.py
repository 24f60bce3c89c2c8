"""The hardware items' operations as Swagger UI shows them (config/api/docs.py)."""

from config.api.docs import (
    DEMO_COMPANY,
    DEMO_EMPLOYEE_EMAIL,
    READ_COMPANY_REFUSALS,
    WRITE_COMPANY_REFUSALS,
    operation,
    placeholder,
    request_example,
)
from hardware.filters import INVALID_LIFECYCLE

LIST_CRITERIA = (
    "`countryCode` narrows them to one country; `updatedSince`, `limit` and `cursor` sync them a "
    "page at a time."
)

LIFECYCLE_CRITERION = (
    "`lifecycle` keeps the items at that point of their life (ACTIVE, AWAITING_WIPE, RETIRED; "
    "all by default)."
)
INVALID_LIFECYCLE_TEXT = f"`{INVALID_LIFECYCLE}`"

HARDWARES_LIST = operation(
    "List the company's hardware items",
    "Every item of the company, in storage and with employees, newest first, with its notes, "
    f"employee, storage and movement requests. {LIST_CRITERIA} {LIFECYCLE_CRITERION}\n\n"
    f"Refusals: {READ_COMPANY_REFUSALS}; 400 `Invalid country code`, {INVALID_LIFECYCLE_TEXT}.",
)

HARDWARES_STORAGES_LIST = operation(
    "List the company's hardware in storage",
    "The items with status STORAGE only, newest first, with their notes and whether they are "
    f"`inMovement`: the ids an onboarding takes (an ACTIVE one: `lifecycle=ACTIVE`). "
    f"{LIST_CRITERIA} {LIFECYCLE_CRITERION}\n\n"
    f"Refusals: {READ_COMPANY_REFUSALS}; 400 `Invalid country code`, {INVALID_LIFECYCLE_TEXT}.",
)

HARDWARES_RETRIEVE = operation(
    "Get one hardware item with its movement requests",
    "The item, with its employee or storage and every movement request that carried it.\n\n"
    f"Refusals: {READ_COMPANY_REFUSALS}; 400 `Invalid hardware ID format`; 404 `Hardware not "
    "found`.",
)

HARDWARES_CREATE = operation(
    "Register a hardware item, in storage or with an employee",
    "Creates an item of the company (`createdThrough` API). With `employeeProfileId` or "
    "`employeeEmail` (at most one) it is the employee's (status EMPLOYEE); with neither it is in "
    "the storage of its country (status STORAGE; EU members share the EU warehouse). Send exactly "
    "one of `hardwareType` and `commonModelId` (a catalog item id: the item takes its name, "
    "specs, image and type). The specs (ram, diskSpace, displaySize, processor, gpu) are for PC "
    "and MACBOOK items only; extended warranties are order lines, never items. `serialNumber` is "
    "unique within the company. Answers 201 with the item, `cost` as a string.\n\n"
    "Refusals: 400 `Invalid request data` with `details` naming each field (for example "
    f"`serialNumber`: `serialNumber already exists in this company`); {WRITE_COMPANY_REFUSALS}; "
    "404 `Employee not found`; 404 `Common model not found`.",
    request_example(
        "A monitor in storage",
        {
            "companyCode": DEMO_COMPANY,
            "countryCode": "US",
            "hardwareType": "MONITOR",
            "brand": "DELL",
            "model": 'UltraSharp U2724D 27" QHD Monitor',
            "serialNumber": "DOCS-MON-0001",
            "description": "Spare monitor for the New York office",
            "dateBought": "2026-01-15T10:00:00Z",
            "newHardware": True,
            "cost": "458.99",
            "costCurrency": "USD",
        },
        "Lands in the US storage. Sent again, its serial number is taken: change it.",
    ),
    request_example(
        "A laptop an employee already has",
        {
            "companyCode": DEMO_COMPANY,
            "countryCode": "US",
            "employeeEmail": DEMO_EMPLOYEE_EMAIL,
            "hardwareType": "MACBOOK",
            "brand": "APPLE",
            "model": 'MacBook Air 13" M3 16GB 512GB',
            "ram": "16GB",
            "diskSpace": "512GB SSD",
            "displaySize": '13.6"',
            "processor": "Apple M3 8-core CPU, 10-core GPU",
            "serialNumber": "DOCS-MAC-0001",
            "newHardware": False,
        },
        "Assigned to an employee of the company (the POST /employees example creates this "
        "one). Sent again, its serial number is taken: change it.",
    ),
)

HARDWARES_UPDATE = operation(
    "Correct a hardware item's details",
    "Corrects what the records say of the item itself: `serialNumber` (items an order made "
    "have none until someone types it), `description`, `externalReference`, `damaged`, "
    "`factoryReset`, `newHardware`, `cost`, `costCurrency`, `dateBought`; any of them, with "
    "`companyCode`. Answers 200 with the item as `GET /hardwares/{hardwareId}` shows it, and "
    "records the event `hardware.updated`. Where an order made the item, that order line's "
    "`serialNumbers` follow (and the order's `updatedAt`, with an `order.updated` event). Where "
    "the item is, and whose, changes only with a movement request: `status`, "
    "`employeeProfileId`, `employeeEmail`, `storage` and `countryCode` are refused, whatever "
    "comes with them.\n\n"
    "Refusals: 400 `Invalid request data` with `details` naming each field (`serialNumber`: "
    "`serialNumber already exists in this company`; a field only a move changes); 400 `Nothing "
    f"to update`; {WRITE_COMPANY_REFUSALS}; 400 `Invalid hardware ID format`; 404 `Hardware not "
    "found`.",
    request_example(
        "The serial number of an item an order made",
        {
            "companyCode": DEMO_COMPANY,
            "serialNumber": "C02XK1JHJG5H",
            "dateBought": "2026-01-15T10:00:00Z",
        },
        placeholder("an item of the demo company (GET /hardwares?companyCode=DEM)"),
    ),
    request_example(
        "A damaged item, with its cost",
        {
            "companyCode": DEMO_COMPANY,
            "damaged": True,
            "cost": "1299.00",
            "costCurrency": "USD",
            "dateBought": "2026-01-15T10:00:00Z",
        },
        placeholder("an item of the demo company (GET /hardwares?companyCode=DEM)"),
    ),
)

# --- an item's life: its data wipes, its retirement (issue 32) ---------------------------------

HARDWARE_REFUSALS = "400 `Invalid hardware ID format`; 404 `Hardware not found`"

HARDWARES_WIPES_LIST = operation(
    "List an item's data wipes, with their certificates",
    "The wipes the provider's operations recorded of the item (NIST SP 800-88 Rev. 1: CLEAR, "
    "PURGE or DESTROY), oldest first: the tool, when, whether it was verified, and its "
    "certificate, a PDF to download at `certificateUrl` (with the API key), whose SHA-256 is "
    "`certificateSha256`. An item returned by an offboarding that asked for a wipe is "
    "AWAITING_WIPE until its wipe is recorded; each wipe sends `hardware.wiped`.\n\n"
    f"Refusals: {READ_COMPANY_REFUSALS}; {HARDWARE_REFUSALS}.",
)

HARDWARES_WIPES_CERTIFICATE = operation(
    "Download a wipe's certificate (PDF)",
    "The certificate of data sanitization the service wrote when the wipe was recorded, as "
    "it was written: a one-page PDF naming the item, its serial number, the company, the method, "
    "the tool, who wiped it and when, and whether it was verified. Its SHA-256 (header "
    "`X-Certificate-SHA256`) is the wipe's `certificateSha256`, so a copy can be checked later. "
    "The wipe's `certificateUrl` is this address. Refusals come in the error envelope, as JSON.\n\n"
    f"Refusals: {READ_COMPANY_REFUSALS}; {HARDWARE_REFUSALS}; 400 `Invalid wipe ID format`; "
    "404 `Wipe not found` (not a wipe of this item).",
)

HARDWARES_RETIRE = operation(
    "Retire a hardware item (lost, stolen, disposed of, sold...)",
    "The item leaves the fleet for `reason` (LOST, STOLEN, DISPOSED, RECYCLED, SOLD or "
    "DONATED): its `lifecycle` is RETIRED, with `retiredReason` and `retiredAt`. It stays in the "
    "lists, where it is (with its employee or in storage), and no movement request can take it "
    "again. `note`, when sent, is kept on the item's lifecycle history. Answers the item as "
    "`GET /hardwares/{hardwareId}` shows it, and sends `hardware.retired`. An item retired as "
    "LOST or STOLEN comes back with `POST /hardwares/{hardwareId}/reinstate`.\n\n"
    "Refusals: 400 `Invalid request data` with `details` naming each field (`reason` missing or "
    f"not one of the reasons, `note` blank or longer than 500); {WRITE_COMPANY_REFUSALS}; "
    f"{HARDWARE_REFUSALS}; 400 `Hardware <id> is retired already (<reason>)`; 400 `Hardware "
    "<id> is in open movement request <movementRequestId>: cancel it, or wait until it is DONE, "
    "before retiring the item`.",
    request_example(
        "A laptop lost by its employee",
        {"companyCode": DEMO_COMPANY, "reason": "LOST", "note": "Left in a taxi in Lisbon"},
        placeholder("an item of the demo company (GET /hardwares?companyCode=DEM)"),
    ),
)

HARDWARES_REINSTATE = operation(
    "Reinstate a retired item found again",
    "An item retired as LOST or STOLEN was found: its `lifecycle` is ACTIVE again, without "
    "`retiredReason` and `retiredAt`, and it is in the storage of its country (status STORAGE: "
    "whoever held it holds it no more). `note`, when sent, is kept on the item's lifecycle "
    "history. Answers the item as `GET /hardwares/{hardwareId}` shows it, and sends "
    "`hardware.updated`.\n\n"
    "Refusals: 400 `Invalid request data` with `details` (`note` blank or longer than 500); "
    f"{WRITE_COMPANY_REFUSALS}; {HARDWARE_REFUSALS}; 400 `Hardware <id> is not retired`; 400 "
    "`Hardware <id> was retired as <reason>: only an item retired as LOST or STOLEN (found "
    "again) can be reinstated`.",
    request_example(
        "A lost laptop handed in",
        {"companyCode": DEMO_COMPANY, "note": "Handed in at the Lisbon office"},
        placeholder("an item of the demo company retired as LOST"),
    ),
)

SANDBOX_HARDWARES_WIPE = operation(
    "Sandbox: record a data wipe as the operator would (not in production)",
    "Not in production, where this path is unknown (404).\n\n"
    "Records a wipe of one of the company's items in storage, exactly as the provider's "
    "operations record one in the admin: the same rules, certificate and webhooks, with this API "
    "client as who recorded it; the tool is `Sandbox eraser`, and the wipe is verified. CLEAR or "
    "PURGE make an item AWAITING_WIPE (returned by an offboarding that asked for a wipe) ACTIVE "
    "again, ready to go out; DESTROY retires it as DISPOSED (and sends `hardware.retired`). "
    "Every wipe sends `hardware.wiped`. Answers 201 with the wipe as "
    "`GET /hardwares/{hardwareId}/wipes` lists it.\n\n"
    "Refusals: 400 `Invalid request data` with `details` (`method` missing or not CLEAR, PURGE "
    f"or DESTROY); {WRITE_COMPANY_REFUSALS}; {HARDWARE_REFUSALS}; 400 `Hardware <id> is "
    "retired: a retired item is not wiped`; 400 `Hardware <id> is with an employee: only an "
    "item in storage can be wiped`; 400 `Hardware <id> is in open movement request "
    "<movementRequestId>: cancel it, or wait until it is DONE, before wiping it`.",
    request_example(
        "Purge an item returned for a wipe",
        {"companyCode": DEMO_COMPANY, "method": "PURGE"},
        placeholder("an item of the demo company in storage"),
    ),
)
