"""POST /orders/quote: a new order, its inline company and employee, and its lines after the
interface's type rules, in one transaction."""

from collections.abc import Sequence
from dataclasses import dataclass

from django.conf import settings
from django.db import IntegrityError, transaction

from companies.models import ApiClient, Company
from companies.services import CompanyDetails, company_create_or_update
from config.kernel.actors import Actor
from config.kernel.countries import are_compatible
from config.kernel.errors import ServiceError
from config.kernel.workflow import event_record_about, status_history_write, transition_apply
from employees.models import Employee
from employees.selectors import employee_get_by_email
from employees.services import EmployeeDetails, employee_upsert
from orders.choices import OrderStatus, SendTo
from orders.models import HardwareRequest, Order
from orders.selectors import order_payload_quoted
from orders.services.auto_quote import auto_quote_lines, offer_alternatives
from orders.services.lines import QuoteLine, quote_lines

AUTO_QUOTE_IN_PRODUCTION = "autoQuote is only available in sandbox environments"


@dataclass(frozen=True)
class Quote:
    """What a quote asks for, checked for shape by its serializer."""

    country_code: str
    send_to: SendTo
    lines: Sequence[QuoteLine]
    employee_email: str | None = None
    employee: EmployeeDetails | None = None
    po_number: str | None = None
    client_name: str | None = None
    abm_id: str | None = None
    auto_quote: bool = False
    extra_service_types: Sequence[str] = ()


class _PoNumberTaken(Exception):
    """The company already has an order with the quote's poNumber: the quote's transaction is
    undone, and that order is the answer."""

    def __init__(self, order: Order):
        super().__init__(f"Order {order.order_number} has this poNumber")
        self.order = order


def order_quote(
    *, api_client: ApiClient, company: Company | CompanyDetails, quote: Quote
) -> tuple[Order, bool]:
    """A new quote order of `company` (or of the inline company it describes, created or
    updated), and True. PENDING; with `auto_quote` (never in production) QUOTED, every line
    priced and alternatives offered for catalog lines short of stock. Each refused field of a
    line is named by its path (`hardwares[0].brand`).

    When the company already has an order with the poNumber, that order and False: nothing is
    written, not even the inline company or employee. Of concurrent quotes with one new
    poNumber, the unique constraint lets one create; the others answer its order. One
    transaction holds the rest, so a refusal anywhere leaves nothing behind."""
    if quote.auto_quote and settings.ENVIRONMENT == "production":
        raise ServiceError(AUTO_QUOTE_IN_PRODUCTION)
    actor = Actor.api_client(api_client)
    try:
        with transaction.atomic():
            if isinstance(company, CompanyDetails):
                company = company_create_or_update(api_client=api_client, details=company)
            repeated = _order_with_po_number(company, quote.po_number)
            if repeated is not None:
                raise _PoNumberTaken(repeated)
            employee = _quote_employee(company, quote)
            requests = quote_lines(quote.lines, quote.country_code)
            order = Order(
                company=company,
                status=OrderStatus.PENDING,
                country_code=quote.country_code,
                send_to=quote.send_to,
                employee=employee,
                api_client_requester_name=api_client.name,
                client_name=quote.client_name,
                po_number=quote.po_number,
                extra_service_type=list(dict.fromkeys(quote.extra_service_types)),
                comments=_quote_comments(quote.abm_id, quote.client_name),
            )
            _save_numbered(order)
            offered = []
            if quote.auto_quote:
                offered = auto_quote_lines(requests, quote.country_code)
            _lines_insert(order, requests)
            status_history_write(order, status_from=None, actor=actor)
            event_record_about(
                order, "order.created", shown=lambda: order_payload_quoted(order, requests)
            )
            if quote.auto_quote:
                offer_alternatives(order, offered)
                transition_apply(order, OrderStatus.QUOTED, actor=actor, note="autoQuote")
            return order, True
    except _PoNumberTaken as taken:
        return taken.order, False


def _lines_insert(order: Order, requests: list[HardwareRequest]) -> None:
    """The order's lines in one insert, ordered as the request lists them. createdAt, then id,
    orders them: the insert stamps them one after the other (auto_now_add), so in that order;
    two stamped in the same microsecond fall to their ids, random, so they are handed out
    sorted in that order too."""
    for request, line_id in zip(requests, sorted(request.id for request in requests), strict=True):
        request.order = order
        request.id = line_id
    HardwareRequest.objects.bulk_create(requests)


def _order_with_po_number(company: Company, po_number: str | None) -> Order | None:
    if po_number is None:
        return None
    return Order.objects.filter(company=company, po_number=po_number).first()


def _save_numbered(order: Order) -> None:
    """Insert the order, which the insert numbers (config.kernel.numbering). A concurrent
    quote with the same new poNumber that commits first makes this insert fail on the
    poNumber constraint; its order is then the answer. Without a poNumber there is no such
    race, and no savepoint to pay for."""
    if order.po_number is None:
        order.save()
        return
    try:
        # A savepoint, so the quote's transaction can still read the winner's order.
        with transaction.atomic():
            order.save()
    except IntegrityError:
        existing = _order_with_po_number(order.company, order.po_number)
        if existing is None:
            raise
        raise _PoNumberTaken(existing) from None


def _quote_employee(company: Company, quote: Quote) -> Employee | None:
    """sendTo EMPLOYEE names its employee (employeeEmail) or describes one (employee, created
    or updated), who must live where the order is bought. The other destinations take no
    employee: one sent is refused rather than dropped, so no client believes it was used."""
    email, data = quote.employee_email, quote.employee
    if quote.send_to != SendTo.EMPLOYEE:
        sent = {"employeeEmail": email, "employee": data}
        details = [
            {
                "field": name,
                "message": f"{name} applies to sendTo EMPLOYEE only, not {quote.send_to}",
            }
            for name, value in sent.items()
            if value is not None
        ]
        if details:
            raise ServiceError("Invalid request data", details=details)
        return None
    if (email is None) == (data is None):
        raise ServiceError.invalid_field(
            "employeeEmail", "Send exactly one of employeeEmail and employee with sendTo EMPLOYEE"
        )
    if data is not None:
        _check_delivery_country(data.email, data.country_code, quote, "employee")
        return employee_upsert(company=company, details=data)
    employee = employee_get_by_email(company=company, email=email)
    _check_delivery_country(employee.email, employee.country_code, quote, "employeeEmail")
    return employee


def _check_delivery_country(email: str, lives_in: str, quote: Quote, field: str) -> None:
    if not are_compatible(lives_in, quote.country_code):
        raise ServiceError.invalid_field(
            field,
            f"Employee {email} lives in {lives_in}: an order for {quote.country_code} cannot be "
            "delivered there",
        )


def _quote_comments(abm_id: str | None, client_name: str | None) -> list[str]:
    labelled = (("ABMId", abm_id), ("Client Name", client_name))
    return [f"{label}: {value}" for label, value in labelled if value is not None]
