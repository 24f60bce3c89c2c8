"""`GET /Users?filter=…` as a query (RFC 7644 §3.4.2.2): what identity providers send to find a
user before they create or link it. `eq`, joined by `and`, on `userName`, `externalId`,
`emails.value` (also written `emails[value eq "…"]`, with `type eq "work"` or `primary eq
true` beside it) and `active`; anything else is refused
with `invalidFilter`, naming what is not supported. The filter's syntax is scim2-models'."""

from django.db.models import Q
from scim2_models import InvalidFilterException, ScimFilter
from scim2_models.path.expressions import (
    AttrPath,
    Comparison,
    LogicalExpr,
    LogicalOperator,
    ValuePath,
)

from employees.choices import EmployeeStatus
from scim.errors import ScimRefusal
from scim.users import ScimUser

# Attribute (lowercase: SCIM's names are case-insensitive) -> the employee's column.
SEARCHABLE = {"username": "email", "externalid": "external_reference_id", "emails.value": "email"}
SUPPORTED = "eq, joined by and, on userName, externalId, emails.value and active"


def users_filter(text: str) -> Q:
    try:
        parsed = ScimFilter[ScimUser](text).ast
    except (InvalidFilterException, ValueError) as error:
        raise ScimRefusal(f"Invalid filter: {error}", scim_type="invalidFilter") from None
    return _condition(parsed)


def _condition(node) -> Q:
    if isinstance(node, LogicalExpr) and node.op == LogicalOperator.and_:
        condition = Q()
        for term in node.terms:
            condition &= _condition(term)
        return condition
    if isinstance(node, ValuePath) and _name(node.attr_path) == "emails" and node.sub_attr is None:
        return _email_condition(node.val_filter)
    if isinstance(node, Comparison):
        return _compared(_name(node.attr_path), node)
    raise ScimRefusal(f"Filter not supported: only {SUPPORTED}", scim_type="invalidFilter")


def _email_condition(node) -> Q:
    """Inside `emails[…]` (Entra's `emails[type eq "work"].value eq "…"` reads so too): the
    user's one e-mail is its work and primary one."""
    if isinstance(node, LogicalExpr) and node.op == LogicalOperator.and_:
        condition = Q()
        for term in node.terms:
            condition &= _email_condition(term)
        return condition
    if isinstance(node, Comparison) and node.op.value == "eq":
        name = _name(node.attr_path)
        if name == "value":
            return _compared("emails.value", node)
        if name == "type" and isinstance(node.value, str):
            return Q() if node.value.lower() == "work" else Q(pk__in=[])
        if name == "primary" and isinstance(node.value, bool):
            return Q() if node.value else Q(pk__in=[])
    raise ScimRefusal(f"Filter not supported: only {SUPPORTED}", scim_type="invalidFilter")


def _compared(name: str, comparison: Comparison) -> Q:
    if comparison.op.value != "eq":
        raise ScimRefusal(f"Filter not supported: only {SUPPORTED}", scim_type="invalidFilter")
    value = comparison.value
    if name == "active":
        if not isinstance(value, bool):
            raise ScimRefusal("active is compared with true or false", scim_type="invalidFilter")
        return Q(status=EmployeeStatus.ACTIVE if value else EmployeeStatus.DEACTIVATED)
    column = SEARCHABLE.get(name)
    if column is None or not isinstance(value, str):
        raise ScimRefusal(f"Filter not supported: only {SUPPORTED}", scim_type="invalidFilter")
    # E-mails are stored lowercase; userName is case-insensitive (RFC 7643 §4.1.1).
    return Q(**{column: value.strip().lower() if column == "email" else value})


def _name(path: AttrPath) -> str:
    if path.uri and path.uri.lower() != ScimUser.__schema__.lower():
        return f"{path.uri}:{path.attr}".lower()
    name = path.attr.lower()
    return f"{name}.{path.sub_attr.lower()}" if path.sub_attr else name
