"""Schemathesis hooks of scripts/contract-check (loaded through SCHEMATHESIS_HOOKS).

A company code the schema allows but that names none of the caller's companies is refused
with 400 `Invalid company code`, as the interface says; no schema can state which codes
exist. So every well-formed code the generator makes names the demo company, and the run
reaches each operation's own rules. Malformed codes are left as they are: the negative
checks still see them refused."""

import re

import schemathesis

DEMO_COMPANY = "DEM"
# The schema's companyCode pattern (config.api.fields.COMPANY_CODE_PATTERN; this process runs
# without Django, so it cannot import the models).
WELL_FORMED_CODE = re.compile(r"^[A-Za-z0-9]{3}$")


def _demo(value):
    return DEMO_COMPANY if isinstance(value, str) and WELL_FORMED_CODE.match(value) else value


@schemathesis.hook
def map_case(context, case):
    for values in (case.query, case.path_parameters):
        if values and "companyCode" in values:
            values["companyCode"] = _demo(values["companyCode"])
    if isinstance(case.body, dict) and "companyCode" in case.body:
        case.body["companyCode"] = _demo(case.body["companyCode"])
    return case
