"""The shapes of a hardware item in answers (config.kernel.answers): the lists', the detail's,
the create's, and how other records (movement requests) show an item. hardware.selectors reads
their fields as plain rows, each from the column its `source` names."""

from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from config.kernel import answers
from config.kernel.answers import CountryCodeAnswerField, ImageUrlField
from hardware.choices import (
    HARDWARE_TYPE_NAMES,
    CreatedThrough,
    HardwareStatus,
    Lifecycle,
    RetiredReason,
    WipeMethod,
)


class HardwareTypeSchemaMixin:
    """Shown in the schema as the HardwareType enum, null or blank where the field takes
    them. Annotated per instance: a serializer's fields are copies made by calling __init__
    again, and the schema needs each one's allow_null."""

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        shown = serializers.ChoiceField(
            choices=HARDWARE_TYPE_NAMES, allow_null=self.allow_null, allow_blank=self.allow_blank
        )
        extend_schema_field(shown)(self)


class HardwareTypeNameField(HardwareTypeSchemaMixin, serializers.CharField):
    """A hardware type's name: in an answer, or in a request that judges it itself."""


class EmployeeProfileSerializer(answers.Answer):
    id = serializers.UUIDField()
    first_name = serializers.CharField()
    last_name = serializers.CharField()
    email = serializers.EmailField()


class StorageRefSerializer(answers.Answer):
    id = serializers.UUIDField()
    country_code = CountryCodeAnswerField()


class NamedRefSerializer(answers.Answer):
    id = serializers.UUIDField()
    name = serializers.CharField()


class HardwareTypeRefSerializer(answers.Answer):
    name = HardwareTypeNameField()
    image = ImageUrlField()


class CommonModelSerializer(answers.Answer):
    name = serializers.CharField()
    ram = serializers.CharField(allow_null=True)
    display_size = serializers.CharField(allow_null=True)
    disk_space = serializers.CharField(allow_null=True)
    processor = serializers.CharField(allow_null=True)
    image = ImageUrlField()


class NoteAuthorSerializer(answers.Answer):
    email = serializers.EmailField()


class HardwareNoteSerializer(answers.Answer):
    content = serializers.CharField()
    created_at = serializers.DateTimeField()
    user = NoteAuthorSerializer()


class HardwareMovementStatusSerializer(answers.Answer):
    status = serializers.CharField(help_text="PROCESSING, COORDINATED, DONE or CANCELLED.")


class MovementEmployeeRefSerializer(answers.Answer):
    id = serializers.UUIDField()
    first_name = serializers.CharField()
    last_name = serializers.CharField()
    country_code = CountryCodeAnswerField()


class RequesterSerializer(answers.Answer):
    email = serializers.EmailField()


class CompanyNameSerializer(answers.Answer):
    name = serializers.CharField()


class HardwareMovementSerializer(HardwareMovementStatusSerializer):
    """A movement request of the item, as the item's detail summarises it."""

    id = serializers.UUIDField()
    created_at = serializers.DateTimeField()
    type = serializers.CharField(help_text="ONBOARDING, OFFBOARDING or OFF_ON.")
    requester = RequesterSerializer(allow_null=True)
    send_to = serializers.CharField(help_text="EMPLOYEE or STORAGE.")
    handled_by = serializers.CharField(help_text="PROVIDER or COMPANY.")
    to_employee = MovementEmployeeRefSerializer(allow_null=True)
    from_employee = MovementEmployeeRefSerializer(allow_null=True)
    storage = StorageRefSerializer(allow_null=True)
    company = CompanyNameSerializer(allow_null=True)


class HardwareSummarySerializer(answers.Answer):
    """An item as other records (movement requests) show it."""

    id = serializers.UUIDField()
    description = serializers.CharField(allow_null=True)
    serial_number = serializers.CharField()
    brand = serializers.CharField(allow_null=True)
    name = serializers.CharField()
    ram = serializers.CharField(required=False, help_text="Only when the item has it.")
    disk_space = serializers.CharField(required=False, help_text="Only when the item has it.")
    display_size = serializers.CharField(required=False, help_text="Only when the item has it.")
    processor = serializers.CharField(required=False, help_text="Only when the item has it.")
    image = ImageUrlField()


class HardwareSerializer(HardwareSummarySerializer):
    date_bought = serializers.DateTimeField(allow_null=True)
    country_code = CountryCodeAnswerField()
    status = serializers.ChoiceField(choices=HardwareStatus.choices)
    lifecycle = serializers.ChoiceField(
        choices=Lifecycle.choices,
        help_text=(
            "Where the item is in its life, beside where it is (status): ACTIVE; AWAITING_WIPE "
            "(returned by an offboarding that asked for a data wipe: it cannot go out until "
            "the wipe is recorded); RETIRED (lost, stolen, disposed of...: it stays listed, "
            "and cannot go out)."
        ),
    )
    retired_reason = serializers.ChoiceField(choices=RetiredReason.choices, allow_null=True)
    retired_at = serializers.DateTimeField(allow_null=True)
    new_hardware = serializers.BooleanField()
    external_reference = serializers.CharField(allow_null=True)
    factory_reset = serializers.BooleanField()
    damaged = serializers.BooleanField()
    cost = serializers.FloatField(allow_null=True)
    cost_currency = serializers.CharField()
    in_movement = serializers.BooleanField()
    created_at = serializers.DateTimeField()
    updated_at = serializers.DateTimeField()
    company_id = serializers.UUIDField()
    company_name = serializers.CharField(source="company.name")
    company = NamedRefSerializer()
    created_through = serializers.ChoiceField(choices=CreatedThrough.choices, allow_null=True)
    created_order_id = serializers.UUIDField(allow_null=True)
    created_user_id = serializers.IntegerField(allow_null=True)
    hardware_type = HardwareTypeRefSerializer()
    common_model = CommonModelSerializer(allow_null=True)
    employee_profile = EmployeeProfileSerializer(allow_null=True)
    storage = StorageRefSerializer(allow_null=True)
    hardware_note = HardwareNoteSerializer(many=True)
    movement_requests = HardwareMovementStatusSerializer(many=True)


class HardwareDetailSerializer(HardwareSerializer):
    movement_requests = HardwareMovementSerializer(many=True)


class HardwareCreatedSerializer(HardwareDetailSerializer):
    cost = serializers.CharField(allow_null=True, help_text="A decimal string, e.g. 1299.00")
    office_name = serializers.CharField(allow_null=True)


class HardwareWipeSerializer(answers.Answer):
    """A data wipe of an item (NIST SP 800-88 Rev. 1), as the provider's operations team
    recorded it, with its certificate: a PDF to download at `certificateUrl`, whose SHA-256 is
    `certificateSha256`."""

    id = serializers.UUIDField(help_text="The wipe's id, which its certificate bears too.")
    method = serializers.ChoiceField(
        choices=WipeMethod.choices,
        help_text=(
            "CLEAR (overwritten by standard commands), PURGE (cryptographic or block erase) "
            "or DESTROY (the media shredded, disintegrated or incinerated: the item is retired "
            "as DISPOSED)."
        ),
    )
    tool = serializers.CharField(help_text="The software or machine that wiped it.")
    performed_at = serializers.DateTimeField()
    performed_by = serializers.CharField(help_text="Who wiped it: the provider's operations.")
    verified = serializers.BooleanField(help_text="Whether the wipe was verified afterwards.")
    certificate_sha256 = serializers.RegexField(
        r"^[0-9a-f]{64}$", help_text="The SHA-256 of the certificate's PDF, in hexadecimal."
    )
    certificate_url = serializers.URLField(
        help_text=(
            "Where the certificate downloads (GET, with the API key), its companyCode included."
        )
    )
