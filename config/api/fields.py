"""Serializer fields shared by every app's API, and the strict typing every field gets."""

import re

from django.conf import settings
from django.core.exceptions import ValidationError as DjangoValidationError
from django.core.validators import MaxLengthValidator, MinLengthValidator, RegexValidator
from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers
from rest_framework.exceptions import ValidationError
from rest_framework.fields import empty, get_error_detail

from config.kernel.countries import country_codes, is_country_code
from config.kernel.links import HTTP_URL_PATTERN, absolute_url, url_base

# What the schema shows for a company code; the code itself is judged by the company lookup,
# which answers any other value as an unknown code (`Invalid company code`).
COMPANY_CODE_PATTERN = r"^[A-Za-z0-9]{3}$"
# The longest free text a body may carry (descriptions, notes).
MAX_TEXT_LENGTH = 2000
# RFC 5321's limit on an address, the one Django's EmailValidator assumes.
MAX_EMAIL_LENGTH = 254


class CountryCodeField(serializers.CharField):
    """An ISO 3166-1 alpha-2 code (any case in, capitals out); `EU` too when `allow_eu`."""

    default_error_messages = {
        "invalid_country": (
            "{value} is not an ISO 3166-1 alpha-2 country code: two letters, e.g. US or BR"
        ),
        "invalid_country_or_eu": (
            "{value} is not an ISO 3166-1 alpha-2 country code: two letters, e.g. US or BR, or EU"
        ),
    }

    def __init__(self, *, allow_eu: bool = False, **kwargs):
        self.allow_eu = allow_eu
        super().__init__(**kwargs)

    def schema_pattern(self) -> str:
        """What the schema says of it (config.api.schema): one of the codes it takes."""
        return country_code_pattern(allow_eu=self.allow_eu)

    def to_internal_value(self, data):
        code = super().to_internal_value(data).upper()
        if not is_country_code(code, allow_eu=self.allow_eu):
            self.fail("invalid_country_or_eu" if self.allow_eu else "invalid_country", value=data)
        return code


# A country code as an answer writes it: one of the codes the requests take, in capitals.
ANSWER_COUNTRY_CODE_PATTERN = rf"^(?:{'|'.join(country_codes(allow_eu=True))})$"


@extend_schema_field({"type": "string", "pattern": ANSWER_COUNTRY_CODE_PATTERN})
class CountryCodeAnswerField(serializers.CharField):
    """An ISO 3166-1 alpha-2 code (or EU, a storage's) in an answer."""


class CompanyCodeField(serializers.CharField):
    """The `companyCode` naming a company the caller manages, in a write body. Its shape (three
    letters or digits) is declared for the schema, but judged by the lookup
    (`companies.api.scoping`), which answers any other value as an unknown code, `Invalid
    company code`, as the contract asks, rather than as a malformed field."""

    def __init__(self, **kwargs):
        # Validators the schema reads and the field never runs (nor the strict reading, which
        # judges a `max_length`, `strict_refusal`): the lookup is the one to refuse.
        shape = [MinLengthValidator(3), MaxLengthValidator(3), RegexValidator(COMPANY_CODE_PATTERN)]
        super().__init__(validators=shape, **kwargs)

    def run_validators(self, value):
        pass


def any_case(word: str) -> str:
    """A pattern matching `word` in any case (JSON Schema patterns take no flags)."""
    return "".join(f"[{c.lower()}{c.upper()}]" if c.isalpha() else re.escape(c) for c in word)


def country_code_pattern(*, allow_eu: bool = False, allow_empty: bool = False) -> str:
    """One of the country codes the service takes, in any case, with white space around it
    (trimmed); an enum could not say "any case", and a two-letter pattern would promise codes
    that are none (`ZZ`)."""
    codes = "|".join(any_case(code) for code in country_codes(allow_eu=allow_eu))
    return rf"^\s*(?:{codes}){'?' if allow_empty else ''}\s*$"


@extend_schema_field({"type": "string", "pattern": rf"^\s*{any_case(settings.SERVICE_VENDOR)}\s*$"})
class VendorField(serializers.CharField):
    """The gateway's `vendor`: the schema states the one value it takes (SERVICE_VENDOR, in any
    case); the gateway judges it, answering another with `Unknown vendor`."""


http_url_schema = extend_schema_field({"type": "string", "pattern": HTTP_URL_PATTERN})


@http_url_schema
class HttpUrlField(serializers.CharField):
    """Text the schema shows as an http(s) URL (HTTP_URL_PATTERN); who takes it judges it with
    `is_http_url`, naming the field in its own refusal."""


@extend_schema_field(
    {
        "type": "string",
        "pattern": "^(?:https?://.+)?$",
        "description": "Absolute URL of the image; empty for a catalog item that has none.",
    }
)
class ImageUrlField(serializers.CharField):
    """An image's URL in an answer: stored as a path (`/static/...`), answered absolute
    (config.kernel.links), or empty where none is stored (a catalog item's image is optional). The
    selectors reading rows make it so themselves, with `absolute_url`."""

    def to_representation(self, value):
        return absolute_url(super().to_representation(value), url_base())


def email_field(**kwargs) -> serializers.EmailField:
    """An e-mail address, no longer than an address can be."""
    return serializers.EmailField(max_length=MAX_EMAIL_LENGTH, **kwargs)


# --- strict types and bounds -----------------------------------------------------------------
#
# DRF reads a JSON number as a string (`-271` -> "-271"), a string as a number ("3" -> 3) and
# "yes", "on" or 1 as true. The interface types every field, so a value of another JSON type is
# refused with the field's own `invalid` message. And DRF judges a length after reading: a
# string once trimmed and converted, a list once every entry is checked. Here the length sent
# is judged first. Applied to every field of every body by the serializers' base
# (config.api.serializers.StrictReadingMixin), before DRF reads the body, not field by field.


def _is_number(value) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool)


def _is_string(value) -> bool:
    return isinstance(value, str)


# (field class, the JSON values it takes, the error key refusing the others), most specific
# first. Decimal fields keep DRF's reading: the schema types them as decimal strings, and a
# JSON number is read exactly from its text. A list takes any value here (DRF refuses what is
# not a list), and is judged by its length and its entries.
STRICT_TYPES = (
    (serializers.DecimalField, None, None),
    (serializers.BooleanField, lambda value: isinstance(value, bool), "invalid"),
    (serializers.IntegerField, _is_number, "invalid"),
    (serializers.FloatField, _is_number, "invalid"),
    (serializers.ChoiceField, _is_string, "invalid_choice"),
    (serializers.CharField, _is_string, "invalid"),
    (serializers.UUIDField, _is_string, "invalid"),
    (serializers.ListField, lambda value: True, None),
)


def strict_refusal(field: serializers.Field, value):
    """Why `field` refuses `value` as sent, before reading it (the error DRF would give the
    field), or None: a value of another JSON type than the field's, or longer than its
    `max_length`. An over-long list is refused at once, with one message, rather than after
    checking (and reporting on) every entry. A list (or map) with entries refused gets an error
    for each of them, beside what DRF says of its other entries."""
    if _read_as_missing(field, value):
        return None
    try:
        _check_type_and_length(field, value)
    except ValidationError as refusal:
        return refusal.detail
    return _entries_refusal(field, value)


def _read_as_missing(field: serializers.Field, value) -> bool:
    """Whether DRF takes `value` for a missing one, which it judges before reading a value
    (`required`, `null`, `blank`): absent, null, or blank text."""
    if value is empty or value is None:
        return True
    if isinstance(field, serializers.CharField):
        return value == "" or (field.trim_whitespace and str(value).strip() == "")
    return False


def _check_type_and_length(field: serializers.Field, value) -> None:
    for field_class, accepts, error_key in STRICT_TYPES:
        if isinstance(field, field_class):
            if accepts is None:
                return
            if not accepts(value):
                field.fail(error_key, input=value)
            max_length = getattr(field, "max_length", None)
            if max_length is not None and isinstance(value, str | list) and len(value) > max_length:
                field.fail("max_length", max_length=max_length)
            return


def _entries_refusal(field: serializers.Field, value) -> dict | None:
    if isinstance(field, serializers.ListField) and isinstance(value, list):
        entries = list(enumerate(value))
    elif isinstance(field, serializers.DictField) and isinstance(value, dict):
        entries = [(str(key), entry) for key, entry in value.items()]
    else:
        return None
    refused = {key: strict_refusal(field.child, entry) for key, entry in entries}
    if not any(refused.values()):
        return None
    errors = {key: refused[key] or _reading_error(field.child, entry) for key, entry in entries}
    return {key: error for key, error in errors.items() if error}


def _reading_error(field: serializers.Field, value):
    """What DRF says of `value` read by `field` (as a list reads its entries), or None."""
    try:
        field.run_validation(value)
    except ValidationError as error:
        return error.detail
    except DjangoValidationError as error:
        return get_error_detail(error)
    return None


# The most values an invalid-choice message lists; every choice of the API has fewer.
MAX_CHOICES_LISTED = 30
_DRF_INVALID_CHOICE = str(serializers.ChoiceField.default_error_messages["invalid_choice"])


def word_invalid_choices(field: serializers.Field) -> None:
    """A choice refused names the values it takes: DRF's `"X" is not a valid choice.` followed
    by them (`; expected one of: APPLE, DELL`), unless the field (or the entry field of a list
    or map of choices) was given a message of its own. A longer list than MAX_CHOICES_LISTED
    is cut there, saying how many more there are."""
    if isinstance(field, serializers.ListField | serializers.DictField):
        word_invalid_choices(field.child)
        return
    if not isinstance(field, serializers.ChoiceField):
        return
    if str(field.error_messages.get("invalid_choice")) != _DRF_INVALID_CHOICE:
        return
    values = [str(value) for value in field.choices]
    listed = ", ".join(values[:MAX_CHOICES_LISTED])
    if len(values) > MAX_CHOICES_LISTED:
        listed += f" and {len(values) - MAX_CHOICES_LISTED} more"
    # The message is formatted with the input: braces in a value are text.
    listed = listed.replace("{", "{{").replace("}", "}}")
    field.error_messages["invalid_choice"] = (
        _DRF_INVALID_CHOICE.removesuffix(".") + f"; expected one of: {listed}"
    )
