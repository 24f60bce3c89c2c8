"""An employee as a SCIM User (RFC 7643 §4.1), and a User as the employee it describes.

| SCIM                                                   | employee                    |
|--------------------------------------------------------|-----------------------------|
| `userName` (and the work `emails` value)               | `email`, stored lowercase   |
| `externalId`                                           | `externalReferenceId`       |
| `name.givenName`, `name.familyName`                    | `firstName`, `lastName`     |
| the work `phoneNumbers` value, else the mobile one     | `phone` (E.164)             |
| the work `addresses`: `streetAddress`, `locality`,     | `address`, the city to      |
| `postalCode`, `country`                                | geocode, `postCode`,        |
|                                                        | `countryCode`               |
| `active`                                               | `status` ACTIVE/DEACTIVATED |
| `urn:hlos:…:employee:2.0:User` `governmentDNI`, `cpf`  | `governmentDNI`, `cpf`      |

The enterprise extension is accepted (Entra and Okta send it) and not stored.

A User is checked with the employee upsert's own input serializer, so every format rule of
POST /employees holds; a refusal names the SCIM attribute, as an identity provider's
provisioning log shows it to the admin who maps the attributes.
"""

from typing import Annotated

from pydantic import Field
from scim2_models import (
    Address,
    Email,
    EnterpriseUser,
    Extension,
    Meta,
    Name,
    PhoneNumber,
    User,
)
from scim2_models.urn import URN

from employees.choices import EmployeeStatus
from employees.models import Employee

EMPLOYEE_SCHEMA = "urn:hlos:params:scim:schemas:extension:employee:2.0:User"
WORK, MOBILE = "work", "mobile"


class EmployeeExtension(Extension):
    """What the service needs of a new employee that SCIM's User has no attribute for."""

    __schema__ = URN(EMPLOYEE_SCHEMA)

    government_dni: Annotated[str | None, Field(serialization_alias="governmentDNI")] = None
    """A national identity number: required to create an employee."""

    cpf: str | None = None
    """The Brazilian taxpayer number: required to create an employee in Brazil."""


ScimUser = User[EnterpriseUser | EmployeeExtension]

# Where each employee input field comes from, by the API's name of the field (what the upsert's
# serializer names in its refusals).
ATTRIBUTES = {
    "email": "userName",
    "firstName": "name.givenName",
    "lastName": "name.familyName",
    "phone": 'phoneNumbers[type eq "work"].value',
    "address": 'addresses[type eq "work"].streetAddress',
    "city": 'addresses[type eq "work"].locality',
    "postCode": 'addresses[type eq "work"].postalCode',
    "countryCode": 'addresses[type eq "work"].country',
    "externalReferenceId": "externalId",
    "governmentDNI": f"{EMPLOYEE_SCHEMA}:governmentDNI",
    "cpf": f"{EMPLOYEE_SCHEMA}:cpf",
}


def user_of(employee: Employee, *, location: str, placeholders: bool = False) -> ScimUser:
    """The employee as a User. With `placeholders`, the work and mobile phone numbers and the
    work address are there even when empty: a PATCH whose path filters on them
    (`phoneNumbers[type eq "work"].value`, as Entra sends a first phone) finds its target."""
    phones = [PhoneNumber(type=WORK, value=employee.phone)] if employee.phone else []
    if placeholders:
        phones = [PhoneNumber(type=WORK, value=employee.phone), PhoneNumber(type=MOBILE)]
    user = ScimUser(
        id=str(employee.pk),
        external_id=employee.external_reference_id,
        user_name=employee.email,
        name=Name(given_name=employee.first_name, family_name=employee.last_name),
        emails=[Email(value=employee.email, type=WORK, primary=True)],
        phone_numbers=phones or None,
        addresses=[
            Address(
                type=WORK,
                primary=True,
                street_address=employee.address,
                locality=employee.requested_city or employee.city,
                postal_code=employee.post_code,
                country=employee.country_code,
            )
        ],
        active=employee.status == EmployeeStatus.ACTIVE,
        meta=Meta(
            resource_type="User",
            created=employee.created_at,
            last_modified=employee.updated_at,
            location=location,
            version=version_of(employee),
        ),
    )
    user[EmployeeExtension] = EmployeeExtension(
        government_dni=employee.government_dni, cpf=employee.cpf
    )
    return user


def version_of(employee: Employee) -> str:
    """The User's ETag: weak, as the representation is built, changed by every write."""
    return f'W/"{int(employee.updated_at.timestamp() * 1_000_000)}"'


def employee_input_of(user: ScimUser) -> dict:
    """The body of POST /employees that `user` describes (the API's field names), for the
    upsert's serializer to check."""
    address = _preferred(user.addresses)
    phone = _preferred(user.phone_numbers, (WORK, MOBILE))
    extension = user[EmployeeExtension] or EmployeeExtension()
    name = user.name or Name()
    return {
        "email": user.user_name,
        "firstName": name.given_name,
        "lastName": name.family_name,
        "phone": phone.value if phone else None,
        "address": address.street_address if address else None,
        "city": address.locality if address else None,
        "postCode": address.postal_code if address else None,
        "countryCode": address.country.upper() if address and address.country else None,
        "externalReferenceId": user.external_id,
        "governmentDNI": extension.government_dni,
        "cpf": extension.cpf,
    }


def _preferred(values, types: tuple[str, ...] = (WORK,)):
    """The value of the first of `types` that has one, else the primary, else the first."""
    values = [value for value in values or () if _filled(value)]
    for wanted in types:
        for value in values:
            if (value.type or "").lower() == wanted:
                return value
    primary = [value for value in values if value.primary]
    return (primary or values or [None])[0]


def _filled(value) -> bool:
    return any(
        getattr(value, name, None)
        for name in ("value", "street_address", "locality", "postal_code", "country")
    )
