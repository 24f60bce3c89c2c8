"""The orders' operations as Swagger UI shows them (config/api/docs.py)."""

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
PENDING_ORDER_ID = "00000000-0000-4000-8000-00000000a001"
QUOTED_ORDER_ID = "00000000-0000-4000-8000-00000000a002"
CATALOG_ITEM_ID = "00000000-0000-4000-8000-00000000a003"
ORDER_LINE_ID = "00000000-0000-4000-8000-00000000a004"
CANDIDATE_ID = "00000000-0000-4000-8000-00000000a005"

ORDERS_LIST = operation(
    "List the company's orders",
    "The company's orders, pending and completed, newest first. `countryCode` narrows them to "
    "one country; `updatedSince`, `limit` and `cursor` sync them a page at a time.\n\n"
    f"Refusals: {READ_COMPANY_REFUSALS}; 400 `Invalid country code`.",
)

ORDERS_SHIPMENTS = operation(
    "List an order's shipments with their tracking events",
    "The parcels the order's hardware travels in, oldest first, each with its carrier's events "
    "(oldest first): its carrier, tracking code and link, status, ETA and delivery time. A "
    "shipment is made when the order moves to ACCEPTED or DELIVERED with a tracking code, or by "
    "the operator; its status follows the carrier's events (docs/shipments.md).\n\n"
    f"Refusals: {READ_COMPANY_REFUSALS}; 400 `Invalid order ID format`; 404 `Order not found`.",
)

ORDERS_RETRIEVE = operation(
    "Get one order with its lines",
    "The order with its lines (`hardwares`), their alternative groups and candidates, and the "
    "items its delivery created (`createdHardwares`). Lines are delivered to storage when "
    "sendTo is STORAGE, to the employee's address when EMPLOYEE.\n\n"
    f"Refusals: {READ_COMPANY_REFUSALS}; 400 `Invalid order ID format`; 404 `Order not found` "
    "(also for any other company's order).",
)

US_MACBOOK_LINE = {
    "hardwareType": "MACBOOK",
    "brand": "APPLE",
    "model": 'MacBook Air 13" M3 16GB 512GB',
    "processor": "Apple M3 8-core CPU, 10-core GPU",
    "ram": "16GB",
    "diskSpace": "512GB SSD",
    "displaySize": '13.6"',
    "amount": 2,
}

ORDERS_QUOTE = operation(
    "Ask for a quote: create an order",
    "Creates an order from catalog items (`catalogModelId`, from `GET /catalog`) or free-form "
    "lines. Send exactly one of `companyCode` and `company` (an inline company, created or "
    "updated); with sendTo EMPLOYEE exactly one of `employeeEmail` (an existing employee) and "
    "`employee` (created or updated, matched by e-mail), living in the order's country (or both "
    "in the EU); with any other sendTo, no employee.\n\n"
    "Lines: with `catalogModelId` only `amount` is required (type, brand, model, specs, image and "
    "price come from the catalog item, which must be of the order's country). Without it "
    "`hardwareType` is required; MACBOOK and PC lines need brand, model, processor, ram, "
    "diskSpace and displaySize; EXTENDED_WARRANTY_MAC and EXTENDED_WARRANTY_WINDOWS lines refuse "
    "them. `amount` is a positive integer.\n\n"
    "Answers 201 with the order, PENDING (the provider quotes it), or QUOTED with prices at once "
    "with `autoQuote: true`. A `poNumber` the company already used answers that order with 200 "
    "and creates nothing.\n\n"
    "Refusals: 400 `Invalid request data` with `details` naming each field; "
    f"{WRITE_COMPANY_REFUSALS}; 400 `autoQuote is only "
    "available in sandbox environments` in production; 404 `Employee not found` for an unknown "
    "`employeeEmail`.",
    request_example(
        "Free-form lines to storage",
        {
            "companyCode": DEMO_COMPANY,
            "countryCode": "US",
            "sendTo": "STORAGE",
            "hardwares": [US_MACBOOK_LINE, {"hardwareType": "MOUSE", "amount": 2}],
            "poNumber": "PO-2026-0001",
            "clientName": "Demo onboarding batch",
        },
        "Two MacBook Airs, as the US catalog lists them, and two mice. Sent again, it answers "
        "the same order (same poNumber) with 200.",
    ),
    request_example(
        "To a new employee, quoted at once",
        {
            "companyCode": DEMO_COMPANY,
            "countryCode": "US",
            "sendTo": "EMPLOYEE",
            "employee": DEMO_EMPLOYEE,
            "hardwares": [US_MACBOOK_LINE | {"amount": 1}],
            "autoQuote": True,
        },
        "The employee is created (or updated, by e-mail); `autoQuote` prices the order and makes "
        "it QUOTED, in every environment but production.",
    ),
    request_example(
        "To an existing employee",
        {
            "companyCode": DEMO_COMPANY,
            "countryCode": "US",
            "sendTo": "EMPLOYEE",
            "employeeEmail": DEMO_EMPLOYEE_EMAIL,
            "hardwares": [{"hardwareType": "KEYBOARD", "brand": "MICROSOFT", "amount": 1}],
        },
        "An employee of the company (the POST /employees example creates this one).",
    ),
    request_example(
        "A catalog item by id",
        {
            "companyCode": DEMO_COMPANY,
            "countryCode": "US",
            "sendTo": "STORAGE",
            "hardwares": [{"catalogModelId": CATALOG_ITEM_ID, "amount": 1}],
        },
        placeholder("the `id` of an item of `GET /catalog?countryCode=US`"),
    ),
)

ORDERS_CANCEL = operation(
    "Cancel an order",
    "Cancels a PENDING or QUOTED order of the company, records the move in its history and "
    "notifies the company (`order.cancelled`). Cancelling a CANCELLED order again answers the "
    "same id and status and changes nothing.\n\n"
    "Refusals: 400 `id is required`; 400 `Order request not found` for an unknown order, an id "
    "that is no UUID, or an order of another company; 400 `Only PENDING or QUOTED orders can be "
    f"cancelled; this order is <STATUS>`; {WRITE_COMPANY_REFUSALS}.",
    request_example(
        "Cancel a pending order",
        {"id": PENDING_ORDER_ID, "companyCode": DEMO_COMPANY},
        placeholder("the id of a PENDING or QUOTED order of DEM (`GET /orders?companyCode=DEM`)"),
    ),
)

ORDERS_CONFIRM = operation(
    "Confirm (accept) a quoted order",
    "Accepts a QUOTED order of the company (QUOTED -> ACCEPTED): an order is QUOTED once the "
    "provider prices it, or at once when quoted with `autoQuote`. Confirming an ACCEPTED order "
    "again answers the same id and status and changes nothing.\n\n"
    "Refusals: 400 `id is required`; 400 `Order request not found` for an unknown order, an id "
    "that is no UUID, or an order of another company; 400 `The Order cannot be confirmed` when "
    f"it is not QUOTED; {WRITE_COMPANY_REFUSALS}.",
    request_example(
        "Confirm a quoted order",
        {"id": QUOTED_ORDER_ID, "companyCode": DEMO_COMPANY},
        placeholder(
            "the id of a QUOTED order of DEM (the quote example with `autoQuote` makes one)"
        ),
    ),
)

ORDERS_ALTERNATIVES_SELECT = operation(
    "Choose a line's alternative candidate",
    "Selects the candidate to order within an alternative group of a PENDING or QUOTED order; "
    "the candidate ids are in `hardwares[].alternativeGroup.candidates[].id` of "
    "`GET /orders/{orderId}`. Only the selection changes (`selectedId` and the `isSelected` "
    "flags): no candidate is created or removed. Answers the updated order.\n\n"
    "Refusals (validation messages as an array): 400 `hardwareRequestId should not be empty`; "
    "400 `Hardware request does not belong to this order`; 400 `Hardware request is not part of "
    "an alternative group`; 400 `Alternatives can only be modified when order is in PENDING or "
    f"QUOTED status`; 400 `Invalid order ID format`; {WRITE_COMPANY_REFUSALS}; 403 `Order "
    "request does not belong to this company` (another company of this API client); 404 "
    "`Order request not found`; 404 `Hardware request not found`.",
    request_example(
        "Select a candidate",
        {"companyCode": DEMO_COMPANY, "hardwareRequestId": CANDIDATE_ID},
        placeholder("a candidate id of a line of the order in the path"),
    ),
)

ORDERS_HARDWARE_REQUESTS_REMOVE = operation(
    "Remove lines, or part of their quantity, from an order",
    "Removes lines of a PENDING or QUOTED order. Each entry names a line of the order "
    "(`hardwareRequestId`, unique within the request) and optionally an `amount`: a positive "
    "integer; absent, null, or at least the line's quantity removes the whole line, less keeps "
    "the rest. Naming any candidate of an alternative group names the group. At least one line "
    "must remain (cancel the order instead); all removals apply together or none does. Answers "
    "the updated order.\n\n"
    "Refusals: 400 `Cannot remove hardware requests from an order, only PENDING or QUOTED`; "
    "400 `At least one hardware request is required`; 400 `Amount must be a positive integer "
    "for hardware request <id>`; 400 `Cannot remove all hardware requests from an order, cancel "
    "instead`; 400 `Hardware request(s) not found in this order: <ids>`; 400 `Duplicate hardware "
    f"request IDs are not allowed`; 400 `Invalid order ID format`; {WRITE_COMPANY_REFUSALS}; 403 "
    "`Order request does not belong to this company`; 404 `Order request not found`.",
    request_example(
        "Remove one unit of a line",
        {
            "companyCode": DEMO_COMPANY,
            "hardwareRequests": [{"hardwareRequestId": ORDER_LINE_ID, "amount": 1}],
        },
        placeholder("the id of a line (`hardwares[].id`) of the order in the path"),
    ),
)
