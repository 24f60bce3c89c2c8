"""The movement requests' operations as Swagger UI shows them (config/api/docs.py)."""

from config.api.docs import (
    DEMO_COMPANY,
    DEMO_EMPLOYEE,
    DEMO_EMPLOYEE_EMAIL,
    READ_COMPANY_REFUSALS,
    WRITE_COMPANY_REFUSALS,
    operation,
    placeholder,
    request_example,
)

# Placeholders of the examples that name a record made earlier.
STORAGE_HARDWARE_ID = "00000000-0000-4000-8000-00000000b001"
EMPLOYEE_HARDWARE_ID = "00000000-0000-4000-8000-00000000b002"
TRANSFER_HARDWARE_ID = "00000000-0000-4000-8000-00000000b003"

# A second employee of DEM, the destination of the transfer example.
COLLEAGUE_EMAIL = "john.roe@example.com"

CLAIM_REFUSALS = (
    "400 `Invalid request data` with `details` naming each field, and each refused item at "
    "its `hardwareIds[i]` (not the company's, not where the move takes it from, already in a "
    "movement request, or in a country that cannot send to the employee's)"
)

MOVEMENT_REQUESTS_ONBOARDING = operation(
    "Send storage hardware to an employee (onboarding)",
    "Creates an ONBOARDING request, PROCESSING and handled by the PROVIDER, for items in the "
    "company's storage (find their ids with `GET /hardwares/storages`). Send exactly one of "
    "`employeeEmail` (an existing employee) and `employee` (created, or updated when its e-mail "
    "exists). Every item must be in storage, not already in a movement, and in the employee's "
    "country (items of the EU warehouse go to any EU country). The provider then moves it to "
    "COORDINATED and DONE, when the items are the employee's, or cancels it (CANCELLED): the "
    "items stay in storage, out of movement.\n\n"
    f"Refusals: {CLAIM_REFUSALS}, for example `hardwareIds` when the list is empty; "
    f"{WRITE_COMPANY_REFUSALS}; 404 `Employee not found` for an unknown `employeeEmail`.",
    request_example(
        "To a new employee",
        {
            "companyCode": DEMO_COMPANY,
            "hardwareIds": [STORAGE_HARDWARE_ID],
            "employee": DEMO_EMPLOYEE,
            "expectedDate": "2026-12-15",
        },
        placeholder("the id of a US item of `GET /hardwares/storages?companyCode=DEM`"),
    ),
)

MOVEMENT_REQUESTS_OFFBOARDING = operation(
    "Return an employee's hardware (offboarding), or move it to another employee",
    "Creates an OFFBOARDING request from an employee to the storage of their country, or, with "
    "`toEmployeeEmail`, an OFF_ON transfer to another employee. Send exactly one of "
    "`companyCode` and `company` (an inline company, created or updated) and exactly one of "
    "`employeeEmail` and `employee` (the source employee, created or updated). `hardwares` "
    "names the items: `hardwareIds` of items on the employee (`[]` with no `newHardwares` takes "
    "them all), and for a return `newHardwares`, items the service did not know, created on the "
    "employee (`dateBought` with a time).\n\n"
    "handledBy PROVIDER: PROCESSING, until the provider completes it (or cancels it: CANCELLED, "
    "the items stay with the employee, out of movement). handledBy COMPANY: DONE at once, and "
    "the items are in storage. OFF_ON: both employees exist and differ, in compatible "
    "countries; no `newHardwares`.\n\n"
    f"Refusals: {CLAIM_REFUSALS}, for example `employeeEmail`: `Employee email is required`; "
    f"{WRITE_COMPANY_REFUSALS}; 404 `Employee not found`.",
    request_example(
        "Return, handled by the company",
        {
            "companyCode": DEMO_COMPANY,
            "handledBy": "COMPANY",
            "employee": {
                **DEMO_EMPLOYEE,
                "firstName": "Alex",
                "lastName": "Smith",
                "email": "alex.smith@example.com",
            },
            "hardwares": {
                "newHardwares": [
                    {
                        "serialNumber": "DOCS-OFF-0001",
                        "hardwareType": "MONITOR",
                        "description": "27-inch monitor bought by the employee",
                        "dateBought": "2025-03-01T09:00:00Z",
                    }
                ]
            },
        },
        "Self-contained: the employee and the monitor are created, and the monitor is in the US "
        "storage at once (DONE). Sent again, its serial number is taken: change it.",
    ),
    request_example(
        "Return, handled by the provider",
        {
            "companyCode": DEMO_COMPANY,
            "handledBy": "PROVIDER",
            "employeeEmail": DEMO_EMPLOYEE_EMAIL,
            "hardwares": {"hardwareIds": [EMPLOYEE_HARDWARE_ID]},
            "factoryReset": True,
            "expectedDate": "2026-12-20",
        },
        placeholder(f"the id of an item {DEMO_EMPLOYEE_EMAIL} holds"),
    ),
    request_example(
        "Transfer to another employee (OFF_ON)",
        {
            "companyCode": DEMO_COMPANY,
            "handledBy": "PROVIDER",
            "employeeEmail": DEMO_EMPLOYEE_EMAIL,
            "toEmployeeEmail": COLLEAGUE_EMAIL,
            "hardwares": {"hardwareIds": [TRANSFER_HARDWARE_ID]},
        },
        placeholder(f"the id of an item {DEMO_EMPLOYEE_EMAIL} holds")
        + f" {COLLEAGUE_EMAIL} must be an employee of DEM too.",
    ),
)

MOVEMENT_REQUESTS_LIST = operation(
    "List the company's movement requests",
    "The company's movement requests, open (PROCESSING, COORDINATED) and finished (DONE, "
    "CANCELLED), newest first, with their status history (entries without id). `type` narrows "
    "them to ONBOARDING, OFFBOARDING or OFF_ON, `status` to one status; `updatedSince`, "
    "`limit` and `cursor` sync them a page at a time.\n\n"
    "Refusals: 400 `Missing required filter: companyCode`; 400 `Invalid Company code`; 400 "
    "`Invalid type: expected ONBOARDING, OFFBOARDING or OFF_ON`; 400 `Invalid status: expected "
    "PROCESSING, COORDINATED, DONE or CANCELLED`.",
)

MOVEMENT_REQUESTS_SHIPMENTS = operation(
    "List a movement request's shipments with their tracking events",
    "The parcels the request's hardware travels in, oldest first, each with its carrier's "
    "events (oldest first): its carrier, tracking code and link, direction (OUTBOUND to the "
    "employee, RETURN from them), status, ETA and delivery time. A shipment is made when the "
    "request moves to COORDINATED with a tracking code, or by the operator; its status follows "
    "the carrier's events (docs/shipments.md).\n\n"
    f"Refusals: {READ_COMPANY_REFUSALS}; 400 `Invalid MovementRequest id`; 404 `Movement "
    "request not found`.",
)

MOVEMENT_REQUESTS_RETRIEVE = operation(
    "Get one movement request with its history",
    "The movement request with its items, employees, storage and status history (entries with "
    "their id).\n\n"
    f"Refusals: {READ_COMPANY_REFUSALS}; 400 `Invalid MovementRequest id`; 404 `Movement "
    "request not found`.",
)
