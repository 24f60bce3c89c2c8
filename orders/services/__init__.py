"""Writes of orders, one module per concern: quoting (`quote`, `auto_quote`), what a line is
made of (`lines`), the client's changes (`client_moves`), the operator's (`operator_moves`),
the operator's moves made by a sandbox client (`sandbox`), delivery (`delivery`), and the
lookups and locks they share (`records`). Status moves go through
config.kernel.workflow.transition_apply, which keeps the history and records the event."""

from orders.services.client_moves import (
    LineRemoval,
    order_alternative_select,
    order_cancel,
    order_confirm,
    order_lines_remove,
)
from orders.services.lines import QuoteLine, offerable_items
from orders.services.operator_moves import (
    LinePricing,
    order_lines_price,
    order_move,
    order_offer_alternative,
    order_quote_priced,
)
from orders.services.quote import Quote, order_quote
from orders.services.records import ORDER_REQUEST_NOT_FOUND, order_lines_editable_locked
from orders.services.sandbox import SANDBOX_FREE_FORM_UNIT_PRICE, order_sandbox_advance

__all__ = [
    "ORDER_REQUEST_NOT_FOUND",
    "SANDBOX_FREE_FORM_UNIT_PRICE",
    "LinePricing",
    "LineRemoval",
    "Quote",
    "QuoteLine",
    "offerable_items",
    "order_alternative_select",
    "order_cancel",
    "order_confirm",
    "order_lines_editable_locked",
    "order_lines_price",
    "order_lines_remove",
    "order_move",
    "order_offer_alternative",
    "order_quote",
    "order_quote_priced",
    "order_sandbox_advance",
]
