"""POST /orders/quote: its input shapes and its view."""

from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework import serializers, status
from rest_framework.response import Response

from companies.api.idempotency import IdempotentAPIView
from companies.api.scoping import company_from_body
from companies.api.serializers import CompanyCreateSerializer, company_details
from companies.services import CompanyDetails
from config.api import serializers as api
from config.api.fields import (
    MAX_TEXT_LENGTH,
    CompanyCodeField,
    CountryCodeField,
    email_field,
)
from config.kernel.workflow import record_as_answered
from employees.api.serializers import EmployeeInputSerializer, PhoneNumberField, employee_details
from hardware.answers import HardwareTypeNameField
from hardware.choices import Brand
from orders import services
from orders.answers import OrderSerializer
from orders.api import docs
from orders.api.serializers import MAX_ORDER_LINES
from orders.choices import ExtraService, SendTo
from orders.selectors import order_row

# A quote is one purchase, not a catalog: bounds that keep its transaction (and a delivery
# that makes one item per unit) short.
MAX_QUOTE_LINES = MAX_ORDER_LINES
MAX_LINE_AMOUNT = 1000
MAX_EXTRA_SERVICES = 10


class QuoteCompanySerializer(CompanyCreateSerializer):
    """The quote's company object: all six fields required."""

    country_code = CountryCodeField()
    legal_number = serializers.CharField(max_length=100)
    contact_email = email_field(error_messages={"invalid": "Invalid email format"})
    phone = PhoneNumberField(help_text="With + and the country code.")
    abm_code = None
    webhook_url = None


class QuoteEmployeeSerializer(EmployeeInputSerializer):
    """The quote's employee object: phone and governmentDNI required too, and no
    externalReferenceId, so the employee is matched by e-mail as the interface says."""

    phone = PhoneNumberField(help_text="With + and the country code.")
    government_dni = serializers.CharField(max_length=50)
    external_reference_id = None


def optional_text(**kwargs):
    return serializers.CharField(required=False, allow_null=True, allow_blank=True, **kwargs)


class QuoteLineSerializer(api.Serializer):
    catalog_model_id = serializers.UUIDField(
        required=False,
        allow_null=True,
        help_text="A catalog item of the order's country. With it only amount is required; "
        "type, brand, model, specs, image and price come from the catalog.",
    )
    # Judged by the service, which names an unknown type in its refusal.
    hardware_type = HardwareTypeNameField(
        required=False,
        allow_null=True,
        allow_blank=True,
        max_length=50,
        help_text="Required without catalogModelId: MACBOOK, PC, EXTENDED_WARRANTY_MAC, "
        "EXTENDED_WARRANTY_WINDOWS or another type (MOUSE, MONITOR, ...).",
    )
    brand = serializers.ChoiceField(
        choices=Brand.choices, required=False, allow_null=True, allow_blank=True
    )
    model = optional_text(max_length=200)
    ram = optional_text(max_length=50)
    disk_space = optional_text(max_length=50)
    display_size = optional_text(max_length=50)
    processor = optional_text(max_length=100)
    image = optional_text(max_length=500, help_text="Default: the hardware type's image.")
    amount = serializers.IntegerField(
        min_value=1,
        max_value=MAX_LINE_AMOUNT,
        error_messages={
            "invalid": "amount must be a positive integer",
            "min_value": "amount must be a positive integer",
            "max_value": f"amount must be at most {MAX_LINE_AMOUNT}",
        },
    )
    notes = optional_text(max_length=MAX_TEXT_LENGTH)
    external_item_id = optional_text(max_length=200)

    def validate(self, attrs):
        # Empty strings mean "not given", as absent and null do.
        return {key: value for key, value in attrs.items() if value not in (None, "")}


class QuoteSerializer(api.Serializer):
    company_code = CompanyCodeField(
        required=False, help_text="A company this API client manages; or send `company`."
    )
    company = QuoteCompanySerializer(
        required=False, allow_null=True, help_text="Created, or updated when the code is yours."
    )
    country_code = CountryCodeField()
    send_to = serializers.ChoiceField(choices=SendTo.choices)
    employee_email = email_field(
        required=False, allow_null=True, help_text="sendTo EMPLOYEE: an existing employee."
    )
    employee = QuoteEmployeeSerializer(
        required=False, allow_null=True, help_text="sendTo EMPLOYEE: created or updated."
    )
    hardwares = QuoteLineSerializer(
        many=True,
        allow_empty=False,
        max_length=MAX_QUOTE_LINES,
        error_messages={
            "empty": "hardwares needs at least one line",
            "max_length": f"hardwares holds at most {MAX_QUOTE_LINES} lines",
        },
    )
    po_number = optional_text(
        max_length=100, help_text="A repeat answers the company's order with it, with 200."
    )
    client_name = optional_text(max_length=200)
    ABMId = optional_text(max_length=200, help_text="Added as the comment `ABMId: <value>`.")
    auto_quote = serializers.BooleanField(
        required=False, default=False, help_text="Prices and QUOTED at once; not in production."
    )
    extra_service_type = serializers.ListField(
        child=serializers.ChoiceField(choices=ExtraService.choices),
        # Repeats are taken (and stored once), so a few more than there are services.
        max_length=MAX_EXTRA_SERVICES,
        required=False,
        default=list,
    )

    class Meta:
        # Stated in the schema's descriptions (config.api.schema, EnvelopeAutoSchema).
        one_of = [
            (("company_code", "company"), "Send exactly one of {fields}."),
            (
                ("employee_email", "employee"),
                "With sendTo EMPLOYEE, send exactly one of {fields}.",
            ),
        ]

    def to_quote(self) -> tuple[CompanyDetails | None, services.Quote]:
        """The inline company (None when the body names one by companyCode) and the quote."""
        data = self.validated_data
        quote = services.Quote(
            country_code=data["country_code"],
            send_to=data["send_to"],
            lines=[services.QuoteLine(**line) for line in data["hardwares"]],
            employee_email=data.get("employee_email"),
            employee=employee_details(data.get("employee")),
            po_number=data.get("po_number"),
            client_name=data.get("client_name"),
            abm_id=data.get("ABMId"),
            auto_quote=data["auto_quote"],
            extra_service_types=data["extra_service_type"],
        )
        return company_details(data.get("company")), quote

    def validate(self, attrs):
        if "company_code" in attrs and attrs.get("company") is not None:
            raise serializers.ValidationError(
                {"companyCode": "Send exactly one of companyCode and company"}
            )
        # Empty optional strings mean "not given", as absent and null do.
        return {key: value for key, value in attrs.items() if value != ""}


class OrderQuoteView(IdempotentAPIView):
    @extend_schema(
        operation_id="orders_quote",
        **docs.ORDERS_QUOTE,
        request=QuoteSerializer,
        responses={
            201: OrderSerializer(many=True),
            200: OpenApiResponse(
                OrderSerializer(many=True),
                description="The company already has an order with this poNumber: that order, "
                "unchanged.",
            ),
        },
    )
    def post(self, request):
        serializer = QuoteSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        company, quote = serializer.to_quote()
        order, created = services.order_quote(
            api_client=request.user,
            # An inline company is created or updated by the service, in the quote's
            # transaction.
            company=company or company_from_body(request),
            quote=quote,
        )
        row = record_as_answered(order, lambda: order_row(company=order.company, order_id=order.id))
        return Response([row], status=status.HTTP_201_CREATED if created else status.HTTP_200_OK)
