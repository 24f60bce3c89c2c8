"""What the sandbox's operator moves share (issue 12;
docs/decisions/0043-sandbox-moves-and-webhook-test.md): their body, and the gate that makes them
unknown paths in production.

Each flow declares its own view and serializer (orders/api/sandbox.py, logistics/api/sandbox.py)
from these, so config imports no app.
"""

from functools import wraps

from django.conf import settings
from rest_framework import serializers

from config.api import serializers as api
from config.api.fields import CompanyCodeField, HttpUrlField
from config.api.views import UnknownPathView
from config.kernel.shipping import Shipping

PRODUCTION = "production"
_unknown_path = UnknownPathView.as_view()


def sandbox_only(view):
    """`view` (an `as_view()` callable) in every environment but production; there its path
    is unknown: the 404 envelope any unknown path gets (`Cannot POST /sandbox/...: no such
    endpoint`), with or without a key. Decided per request, from `settings.ENVIRONMENT`, so
    a test can switch it; the schema leaves these operations out in production
    (`sandbox_paths_outside_production` below)."""

    @wraps(view)  # keeps `cls`, `csrf_exempt`: the gateway and the schema read them
    def gated(request, *args, **kwargs):
        if settings.ENVIRONMENT == PRODUCTION:
            return _unknown_path(request, *args, **kwargs)
        return view(request, *args, **kwargs)

    gated.sandbox_only = True
    return gated


class StatusField(serializers.ChoiceField):
    """A choice where an empty or blank string is a missing value (`status should not be
    empty`, docs/decisions/0006-strict-json-types-and-validation-wording.md), not a wrong one."""

    def to_internal_value(self, data):
        if isinstance(data, str) and not data.strip():
            self.fail("blank")
        return super().to_internal_value(data)


def status_choice_field(statuses: tuple[str, ...], record: str) -> serializers.ChoiceField:
    """The `status` a sandbox move asks for: one of `statuses`, and any other value refused
    listing them."""
    expected = ", ".join(statuses)
    return StatusField(
        choices=[(status, status) for status in statuses],
        help_text=f"The status to move the {record} to: one of {expected}.",
        error_messages={
            "invalid_choice": f'"{{input}}" is not a status a sandbox move reaches: '
            f"expected one of {expected}"
        },
    )


# The body of a sandbox move; each flow's subclass declares `status`. (A comment, not a
# docstring: drf-spectacular would show a docstring to clients as the description.)
class SandboxAdvanceSerializer(api.Serializer):
    company_code = CompanyCodeField(help_text="The company the record belongs to.")
    eta = serializers.DateField(
        required=False, allow_null=True, help_text="Expected arrival date, kept on the record."
    )
    tracking_code = serializers.CharField(
        required=False, allow_null=True, max_length=100, help_text="Carrier's tracking code."
    )
    # Judged where every move's shipping is (config.kernel.workflow.Shipping.check).
    tracking_link = HttpUrlField(
        required=False,
        allow_null=True,
        max_length=500,
        help_text="Carrier's tracking page: an http(s) URL.",
    )

    def shipping(self) -> Shipping:
        """What came with the move; what was not sent stays as it was on the record."""
        data = self.validated_data
        return Shipping(
            eta=data.get("eta"),
            tracking_code=data.get("tracking_code"),
            tracking_link=data.get("tracking_link"),
        )


def sandbox_paths_outside_production(endpoints, **kwargs):
    """drf-spectacular preprocessing hook: in production the sandbox's paths are unknown, so
    its schema does not show them."""
    if settings.ENVIRONMENT != PRODUCTION:
        return endpoints
    return [endpoint for endpoint in endpoints if not getattr(endpoint[3], "sandbox_only", False)]
