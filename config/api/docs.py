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
