"""The employees' operations as Swagger UI shows them (config/api/docs.py)."""

from config.api.docs import (
    DEMO_COMPANY,
    DEMO_EMPLOYEE,
    READ_COMPANY_REFUSALS,
    WRITE_COMPANY_REFUSALS,
    operation,
    request_example,
)

EMPLOYEES_LIST = operation(
    "List the company's employees",
    "The company's employees, newest first, as POST /employees answers each: what an HR "
    "system syncs from (by `updatedSince`, a page at a time). `email`, `externalReferenceId` and "
    "`status` narrow the list.\n\n"
    f"Refusals: {READ_COMPANY_REFUSALS}.",
)

EMPLOYEES_UPSERT = operation(
    "Create or update an employee",
    "Matches an employee of the company by `externalReferenceId` when given, otherwise (or when "
    "no one has that reference) by `email` (trimmed, lower case). Matched by reference, every "
    "field updates, the e-mail too; matched by e-mail, the other fields update and the employee "
    "is ACTIVE again; unmatched, a new ACTIVE employee is created, which needs `governmentDNI` "
    "(and `cpf` in Brazil). The address is geocoded on creation and whenever address, city, "
    "postCode or countryCode change: the stored city is the one found. `phone` is E.164, with + "
    "and the country code (`+14155550123`). Answers 200 with the employee object.\n\n"
    "Refusals: 400 `Invalid request data` with `details` (for example `email`: `Invalid email "
    "format`); 400 `governmentDNI is required when creating a new employee`; 400 `cpf is "
    "required when creating a new employee with countryCode BR`; 400 `email already belongs to "
    "another employee in this company`; 400 `externalReferenceId already belongs to another "
    "employee in this company`; 400 `Could not resolve a city for the given address`; "
    f"{WRITE_COMPANY_REFUSALS}.",
    request_example(
        "An employee in the US",
        {"companyCode": DEMO_COMPANY, **DEMO_EMPLOYEE, "externalReferenceId": "HR-1001"},
        "Created the first time, updated (matched by reference) after.",
    ),
    request_example(
        "An employee in Brazil",
        {
            "companyCode": DEMO_COMPANY,
            "firstName": "João",
            "lastName": "Silva",
            "email": "joao.silva@example.com",
            "phone": "+5511912345678",
            "governmentDNI": "12.345.678-9",
            "cpf": "529.982.247-25",
            "address": "Avenida Paulista, 1578",
            "city": "Sao Paulo",
            "postCode": "01310-200",
            "countryCode": "BR",
        },
        "A new employee in Brazil needs a cpf; the city is stored as `São Paulo`.",
    ),
)

EMPLOYEES_RETRIEVE = operation(
    "Get one employee with their hardware",
    "The employee with the company's name and the items they hold, each with its movement "
    "requests.\n\n"
    f"Refusals: {READ_COMPANY_REFUSALS}; 400 `Invalid employee ID format`; 404 `Employee not "
    "found`.",
)
