"""Schemathesis hooks of scripts/contract-check (loaded through SCHEMATHESIS_HOOKS).

What no schema can state is set here, on values the schema allows, so the run reaches each
operation's own rules; values the schema refuses are left as they are, so the negative
checks still see them refused:
- a company code names the demo company (any other well-formed code names none of the
  caller's companies, and is 400 `Invalid company code`, as the interface says);
- a phone number that is not one of its country's numbering plan (`+0 000`) becomes a real
  one (the service takes numbers in any layout, but only numbers that exist);
- a well-formed Idempotency-Key is made unique to its case: the same key sent again with
  another request is 422 by design, which generated keys (often one character) would hit;
- a non-empty `serialNumber` is made unique to its case: one already taken in the company is
  400 by design, which generated serials (and the demo items' own) would hit;
- a company's `requireChangeReason` stays false: set true, every later write of the demo
  company that sends no X-Change-Reason is 400 by design (tests/config/test_audit_trail.py);
- a well-formed `cursor` is left out: a cursor is what the service signed for one list
  (`Invalid cursor` otherwise), which no generator can make; tests/config/test_paging.py
  walks the real ones.
The examples phase sends the schema's examples without `map_case`, so `before_add_examples`
applies it to them too: the query examples answer the demo's records, whose ids the phase then
sends to the other operations' examples (the PATCH /hardwares example's serial, set on two
items, would be refused by design the second time)."""

import re
import uuid

import phonenumbers
import schemathesis

DEMO_COMPANY = "DEM"
# The schema's companyCode pattern (config.api.fields.COMPANY_CODE_PATTERN; this process runs
# without Django, so it cannot import the models).
WELL_FORMED_CODE = re.compile(r"^[A-Za-z0-9]{3}$")


def _demo(value):
    return DEMO_COMPANY if isinstance(value, str) and WELL_FORMED_CODE.match(value) else value


# A number of a real numbering plan, for phones the schema allows but no plan has.
REAL_PHONE = "+14155550100"
# The schema's phone maxLength (employees.api.serializers.PhoneNumberField): a longer one is
# the schema's to refuse, so it is left as it is.
PHONE_MAX_LENGTH = 32


def _real_phone(value):
    if not isinstance(value, str) or not value.lstrip().startswith("+"):
        return value
    if len(value) > PHONE_MAX_LENGTH:
        return value
    try:
        number = phonenumbers.parse(value, None)
    except phonenumbers.NumberParseException:
        return REAL_PHONE
    return value if phonenumbers.is_valid_number(number) else REAL_PHONE


# The schema's Idempotency-Key pattern (config.api.schema_hooks.WELL_FORMED_IDEMPOTENCY_KEY;
# this process runs without Django, so it cannot import it).
WELL_FORMED_KEY = re.compile(r"^[ -~]{1,255}$")


def _unique_key(value):
    if not isinstance(value, str) or not WELL_FORMED_KEY.match(value):
        return value
    return (value[:222] + uuid.uuid4().hex)[:255]


# The schema's serialNumber maxLength (hardware.api.serializers).
SERIAL_MAX_LENGTH = 100


def _unique_serial(value):
    if not isinstance(value, str) or not value.strip() or len(value) > SERIAL_MAX_LENGTH:
        return value
    return (value[: SERIAL_MAX_LENGTH - 32] + uuid.uuid4().hex)[:SERIAL_MAX_LENGTH]


def _map_body(body):
    if isinstance(body, dict):
        for name, value in body.items():
            if name == "companyCode":
                body[name] = _demo(value)
            elif name == "phone":
                body[name] = _real_phone(value)
            elif name == "serialNumber":
                body[name] = _unique_serial(value)
            elif name == "requireChangeReason" and isinstance(value, bool):
                body[name] = False
            else:
                _map_body(value)


# The schema's cursor bounds (config.api.paging.CURSOR_PARAMETER).
WELL_FORMED_CURSOR = re.compile(r"^.{1,512}$", re.DOTALL)


@schemathesis.hook
def map_case(context, case):
    for values in (case.query, case.path_parameters):
        if values and "companyCode" in values:
            values["companyCode"] = _demo(values["companyCode"])
    cursor = (case.query or {}).get("cursor")
    if isinstance(cursor, str) and WELL_FORMED_CURSOR.match(cursor):
        del case.query["cursor"]
    _map_body(case.body)
    if case.headers and "Idempotency-Key" in case.headers:
        case.headers["Idempotency-Key"] = _unique_key(case.headers["Idempotency-Key"])
    return case


@schemathesis.hook
def before_add_examples(context, examples):
    for case in examples:
        map_case(context, case)
