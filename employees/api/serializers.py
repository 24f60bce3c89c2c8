import phonenumbers
from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers
from stdnum.br import cpf as brazil_cpf
from stdnum.exceptions import InvalidChecksum
from stdnum.exceptions import ValidationError as StdnumValidationError

from config.api import serializers as api
from config.api.fields import (
    CompanyCodeField,
    CountryCodeField,
    email_field,
)
from employees.services import EmployeeDetails


# What the schema shows of a phone: it starts with + (and the country code).
@extend_schema_field({"type": "string", "pattern": r"^\s*\+"})
class PhoneNumberField(serializers.CharField):
    """A phone number with `+` and country code, given in any layout, returned in E.164."""

    def __init__(self, **kwargs):
        # The stored column's width; E.164 itself is at most 16 characters.
        super().__init__(max_length=32, **kwargs)

    default_error_messages = {
        "no_country_code": "phone must start with + and the country code, e.g. +14155550123",
        "invalid_phone": (
            "Invalid phone number: expected E.164 with its country code, e.g. +14155550123"
        ),
    }

    def to_internal_value(self, data):
        try:
            number = phonenumbers.parse(super().to_internal_value(data), None)
        except phonenumbers.NumberParseException:
            self.fail("no_country_code")
        if not phonenumbers.is_valid_number(number):
            self.fail("invalid_phone")
        return phonenumbers.format_number(number, phonenumbers.PhoneNumberFormat.E164)


class CpfField(serializers.CharField):
    """A Brazilian CPF with valid check digits, given with or without its dots and dash,
    returned as its 11 digits."""

    def __init__(self, **kwargs):
        # `123.456.789-09` and some room for spaces around its parts; stored as 11 digits.
        super().__init__(max_length=20, **kwargs)

    default_error_messages = {
        "invalid_format": "Invalid CPF format: 11 digits expected",
        "invalid_number": "Invalid CPF number: the check digits do not match",
    }

    def to_internal_value(self, data):
        try:
            digits = brazil_cpf.validate(super().to_internal_value(data))
        except InvalidChecksum:
            self.fail("invalid_number")
        except StdnumValidationError:
            self.fail("invalid_format")
        # 000.000.000-00 ... 999.999.999-99 pass the check digits but are never issued.
        if len(set(digits)) == 1:
            self.fail("invalid_number")
        return digits


def optional(field_class, **kwargs):
    """An optional field: absent, null and empty all mean "not given"."""
    return field_class(required=False, allow_null=True, allow_blank=True, **kwargs)


class EmployeeInputSerializer(api.Serializer):
    """The employee fields of an upsert (POST /employees, and the inline `employee` objects of
    movements): checked for format here, the rules applied by `employee_upsert`."""

    first_name = serializers.CharField(max_length=100)
    last_name = serializers.CharField(max_length=100)
    email = email_field(error_messages={"invalid": "Invalid email format"})
    phone = optional(PhoneNumberField)
    government_dni = optional(serializers.CharField, max_length=50)
    cpf = optional(CpfField)
    address = serializers.CharField(max_length=300)
    address_extra_info = optional(serializers.CharField, max_length=300)
    city = serializers.CharField(max_length=200, help_text="Geocoding input only.")
    post_code = serializers.CharField(max_length=20)
    country_code = CountryCodeField()
    external_reference_id = optional(serializers.CharField, max_length=200)


def employee_details(data: dict | None) -> EmployeeDetails | None:
    """The typed employee of an EmployeeInputSerializer's (or a subclass's) validated data."""
    return None if data is None else EmployeeDetails(**data)


class EmployeeUpsertSerializer(EmployeeInputSerializer):
    company_code = CompanyCodeField()
