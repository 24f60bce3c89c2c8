"""The shapes of an employee in answers (config.kernel.answers): the list's and the upsert's,
and the detail's, which shows the items the employee holds."""

from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from config.kernel import answers
from config.kernel.answers import CountryCodeAnswerField, ImageUrlField
from config.kernel.specs import specs_applicable
from employees.models import Employee


class EmployeeSerializer(answers.ModelAnswer):
    company_id = serializers.UUIDField()
    country_code = CountryCodeAnswerField()
    merged_into = serializers.UUIDField(
        source="merged_into_id",
        allow_null=True,
        help_text="Set when an operator merged this record into another of the same person: "
        "that employee's id. A merged employee is DEACTIVATED and no longer found by its e-mail "
        "or external reference.",
    )

    class Meta:
        model = Employee
        fields = [
            "id",
            "created_at",
            "updated_at",
            "first_name",
            "last_name",
            "email",
            "status",
            "phone",
            "government_dni",
            "cpf",
            "address",
            "address_extra_info",
            "city",
            "post_code",
            "country_code",
            "external_reference_id",
            "lat",
            "lng",
            "company_id",
            "merged_into",
        ]


class MovementRequestReferenceSerializer(answers.Answer):
    id = serializers.UUIDField()
    status = serializers.CharField()


class EmployeeHardwareSerializer(answers.Answer):
    """A hardware item of the employee, in the get-by-id answer."""

    id = serializers.UUIDField()
    description = serializers.CharField(allow_null=True)
    brand = serializers.CharField(allow_null=True)
    serial_number = serializers.CharField()
    name = serializers.CharField()
    image = ImageUrlField()
    ram = serializers.CharField(required=False, help_text="Only when the item has it.")
    disk_space = serializers.CharField(required=False, help_text="Only when the item has it.")
    display_size = serializers.CharField(required=False, help_text="Only when the item has it.")
    processor = serializers.CharField(required=False, help_text="Only when the item has it.")
    movement_requests = serializers.SerializerMethodField(method_name="get_movement_requests")

    def to_representation(self, instance):
        return specs_applicable(super().to_representation(instance))

    @extend_schema_field(MovementRequestReferenceSerializer(many=True))
    def get_movement_requests(self, hardware) -> list[dict]:
        # Prefetched, newest first, by selectors.employee_get_detail.
        return [
            {"id": movement.id, "status": movement.status}
            for movement in hardware.movement_requests.all()
        ]


class EmployeeDetailSerializer(EmployeeSerializer):
    company_name = serializers.CharField(source="company.name")
    hardwares = EmployeeHardwareSerializer(many=True)

    class Meta(EmployeeSerializer.Meta):
        fields = [*EmployeeSerializer.Meta.fields, "company_name", "hardwares"]
