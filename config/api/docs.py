"""What Swagger UI shows of each operation: a summary, a description stating its rules and
refusals in the interface's own messages, and request examples that succeed against
`make run`'s demo data (company DEM and the bundled demo catalog).

Each app keeps its operations' texts in `<app>/api/docs.py`, one dict per operation spread into
its view's `extend_schema`, so the views stay a few lines. An example that must name a record
made earlier (an order, a line, a hardware item) carries a fixed placeholder id, named in the
example's description; tests/config/test_schema_docs.py sends every example, with those
placeholders replaced by records it makes, so an example cannot stop working unnoticed."""

from drf_spectacular.utils import OpenApiExample

# The demo company `make run` creates (companies/management/commands/create_demo_client.py).
DEMO_COMPANY = "DEM"

# An employee of DEM, as the POST /employees example creates (or updates) them; the examples of
# other operations name this employee by e-mail.
DEMO_EMPLOYEE_EMAIL = "jane.doe@example.com"
DEMO_EMPLOYEE = {
    "firstName": "Jane",
    "lastName": "Doe",
    "email": DEMO_EMPLOYEE_EMAIL,
    "phone": "+14155550123",
    "governmentDNI": "123-45-6789",
    "address": "350 Mission Street",
    "city": "San Francisco",
    "postCode": "94105",
    "countryCode": "US",
}

# Every query parameter's example, in one place (config.api.schema_hooks.query_examples puts
# them in the schema). Swagger UI's "Try it out" fills each parameter with its example, so
# together they answer records of `make run`'s demo (manage.py seed_demo: company DEM, its
# employees in the US, Brazil and Germany, its items, an order and a movement request in each
# status, their events); tests/config/test_schema_docs.py sends them so. A name means one thing
# on every list, but for those in QUERY_EXAMPLES_BY_PATH. A `cursor` has none: the service signs
# each one for its list, and a client copies it from the `Link` header of the page before.
QUERY_EXAMPLES = {
    "companyCode": DEMO_COMPANY,
    "countryCode": "US",
    # Few enough that the demo's lists have a next page, named by the `Link` header.
    "limit": 2,
    "updatedSince": "2025-01-01T00:00:00Z",
    "since": "2025-01-01T00:00:00Z",
    "until": "2100-01-01T00:00:00Z",
    # A demo employee (employees/demo.py), by address and by the HR system's reference.
    "email": "jordan.lee@demo.example",
    "externalReferenceId": "DEMO-HR-1",
    "lifecycle": "ACTIVE",
    # GET /audit-events: the status moves of one order, by seed_demo (a command), in one request.
    "targetType": "ORDER",
    "targetId": "00000000-0000-4000-8000-00000000c001",
    "actorType": "COMMAND",
    "action": "STATUS_CHANGED",
    "requestId": "4bf92f3577b34da6a3ce929d0e0e4736",
}
QUERY_EXAMPLES_BY_PATH = {
    ("/employees", "status"): "ACTIVE",
    ("/movement_requests", "type"): "ONBOARDING",
    ("/movement_requests", "status"): "PROCESSING",
    ("/events", "type"): "order.created",
    ("/bulk-jobs/{bulkJobId}/results", "status"): "SUCCEEDED",
}
# What only the service can make: no example (see above).
NO_QUERY_EXAMPLE = {"cursor"}

# How every company-scoped operation refuses a missing or foreign companyCode
# (companies/api/scoping.py): a read takes it as a filter, a write in its body.
UNKNOWN_COMPANY = "400 `Invalid company code` for a code this API client does not manage"
READ_COMPANY_REFUSALS = f"400 `Missing required filter: companyCode`; {UNKNOWN_COMPANY}"
WRITE_COMPANY_REFUSALS = f"400 `Missing required field: companyCode`; {UNKNOWN_COMPANY}"


def operation(summary: str, description: str, *examples: OpenApiExample) -> dict:
    """The keyword arguments of `extend_schema` that document one operation."""
    documented = {"summary": summary, "description": description}
    if examples:
        documented["examples"] = list(examples)
    return documented


def request_example(name: str, value: dict, description: str = "") -> OpenApiExample:
    """A request body to try as it is (or with the placeholder id its description names)."""
    return OpenApiExample(name, value=value, description=description, request_only=True)


def placeholder(what: str) -> str:
    """The description of an example whose id must be replaced before sending it."""
    return f"Replace the placeholder id with {what}."


GATEWAY = operation(
    "Call any operation through the request envelope",
    "Dispatches `{verb, request, vendor, filters, data}` to the operation at `request` (its "
    "path without the leading slash, identifiers filled in) and answers exactly as the direct "
    "call would: same status, same body. `filters` become the query string, `data` the body; "
    "the API key and `Idempotency-Key` headers are the dispatched call's. A dispatched `HEAD` "
    "answers its status and headers with no body, as a direct HEAD does.\n\n"
    "Refusals: 400 `Unknown vendor: vendor must be <SERVICE_VENDOR>` when `vendor` is not the "
    "service's (compared in any case); 404 for an unknown path and 405 for a verb the path does "
    "not take, in the error envelope; 401 `Unauthorized access` without a valid key; otherwise "
    "whatever the dispatched operation refuses.",
    request_example(
        "List the orders of DEM",
        {
            "verb": "GET",
            "request": "orders",
            "vendor": "hlos",
            "filters": {"companyCode": DEMO_COMPANY},
        },
        "The same as `GET /orders?companyCode=DEM`.",
    ),
)
