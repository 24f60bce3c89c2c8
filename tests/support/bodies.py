"""Request bodies: with keys left out, for the tests of what happens when a client omits one; and
numbered employees and items, for the tests that make many through a live server."""

OMIT = object()
"""Give a key this value to leave it out of the body (None sends an explicit null)."""


def without_omitted(fields: dict) -> dict:
    """The fields, less those whose value is OMIT."""
    return {key: value for key, value in fields.items() if value is not OMIT}


def employee_body(company_code: str, number: int, tag: str) -> dict:
    """`POST /employees`: employee `number` of a test marked `tag` (a word: its e-mail domain,
    last name and DNI carry it, so two tests' employees never meet)."""
    return {
        "companyCode": company_code,
        "firstName": "Pat",
        "lastName": f"{tag.capitalize()}{number}",
        "email": f"pat{number}@{tag}.example",
        "governmentDNI": f"DNI-{tag.upper()}-{number}",
        "address": "1 Main Street",
        "city": "New York",
        "postCode": "10001",
        "countryCode": "US",
    }


def item_body(company_code: str, number: int, tag: str) -> dict:
    """`POST /hardwares`: monitor `number` of a test marked `tag`, in storage."""
    return {
        "companyCode": company_code,
        "countryCode": "US",
        "hardwareType": "MONITOR",
        "brand": "DELL",
        "model": "U2723QE",
        "serialNumber": f"{tag.upper()}-{number}",
    }
