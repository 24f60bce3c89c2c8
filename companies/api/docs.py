"""The companies' and the event feed's operations as Swagger UI shows them
(config/api/docs.py)."""

from config.api.docs import (
    DEMO_COMPANY,
    READ_COMPANY_REFUSALS,
    WRITE_COMPANY_REFUSALS,
    operation,
    request_example,
)

COMPANIES_LIST = operation(
    "List the companies this API client manages",
    "Every company this API client created, in name order; no other client's. `limit` and "
    "`cursor` page it.\n\n"
    "Refusals: 401 `Unauthorized access`, with `envelop: []`.",
)

COMPANIES_CREATE = operation(
    "Create a company",
    "Creates a company managed by this API client (and only by it). `companyCode` is exactly 3 "
    "letters or digits, stored in capitals, and unique across the service; `webhookUrl`, an "
    "http(s) URL, receives the company's signed event webhooks. Answers 201 with the company.\n\n"
    "Refusals, all with `envelop: []`: 400 `Invalid request data` with `details` (for example "
    "`name`: `name should not be empty`); 409 `companyCode already exists`.",
    request_example(
        "A company with a webhook",
        {
            "name": "Acme Corporation",
            "companyCode": "ACM",
            "countryCode": "US",
            "abmCode": "ABM-1234",
            "webhookUrl": "https://example.com/webhooks/hlos",
        },
        "Sent again, the code is taken (409): choose another.",
    ),
)

COMPANIES_UPDATE = operation(
    "Change a company's name, ABM code or webhook URL",
    "Changes `name`, `abmCode` and `webhookUrl` (null to stop webhooks) of a company this API "
    "client manages; other fields are ignored. Answers the company.\n\n"
    "Refusals: 400 `Invalid request data` with `details` (for example a `webhookUrl` that is "
    "not http(s)); 404 `Company not found` for a code this API client does not manage.",
    request_example(
        "Set the webhook URL",
        {"webhookUrl": "https://example.com/webhooks/hlos"},
        f"For the demo company: companyCode `{DEMO_COMPANY}` in the path.",
    ),
)

COMPANIES_WEBHOOK_SECRET_ROTATE = operation(
    "Make a new webhook signing secret",
    "Makes a new webhook signing secret (`whsec_...`) for the company and answers it, the only "
    "time it is shown. Webhooks are signed with it from now on (Standard Webhooks), retries of "
    "earlier events too. No body.\n\n"
    "Refusals: 404 `Company not found` for a code this API client does not manage.",
)

COMPANIES_SCIM_TOKEN_ISSUE = operation(
    "Make the company's SCIM token",
    "Makes a SCIM token (`scim_...`) for the company and answers it, the only time it is shown "
    "(only a hash of it is kept). The company's identity provider (Microsoft Entra ID, Okta) "
    "calls the SCIM endpoints, `/scim/v2/`, with it as `Authorization: Bearer <scimToken>`; it "
    "reaches that company alone. A company has one token at a time: a new one replaces the "
    "current one at once, which is refused from then on, so give the new one to the identity "
    "provider straight away. An API key is not a SCIM token, nor a SCIM token an API key. "
    "Answers 201. No body.\n\n"
    "`Idempotency-Key`: the answer is not kept, since it would keep the token. A retry with the "
    "same key, once the first request is answered, makes another token, which replaces the one "
    "whose answer was lost; sent while the first runs, it is 409.\n\n"
    "Refusals: 404 `Company not found` for a code this API client does not manage.",
)

FEED_SHAPE = (
    "Each event is exactly the body its webhook was sent with (`id`, `type`, `timestamp`, "
    "`data`), plus `delivery`: how sending it to the company's webhookUrl stands."
)

EVENTS_LIST = operation(
    "List the company's events, newest first",
    "Every event of the company, whether or not it had a webhookUrl, so a client can catch up "
    f"on what its webhooks said. {FEED_SHAPE} `type` narrows it to one event type, `since` to "
    "the events at or after an instant. Without `limit` the whole list.\n\n"
    f"Refusals: {READ_COMPANY_REFUSALS}; 400 `Invalid type`; 400 `Invalid since: expected "
    "...`, saying the format; 400 `Invalid cursor`.",
)

EVENTS_RETRIEVE = operation(
    "One event, with every attempt to deliver it",
    f"{FEED_SHAPE} `attempts` lists every delivery attempt, oldest first.\n\n"
    f"Refusals: {READ_COMPANY_REFUSALS}; 404 `Event not found` (also for an id that is not the "
    "event's `msg_...` id, and for another company's event).",
)

EVENTS_REDELIVER = operation(
    "Send an event to the company's webhookUrl again",
    "Queues the event again from the start of the retry schedule, with the same id "
    "(`webhook-id`), and answers it as the feed shows it (an event waiting for a retry is sent "
    "at once).\n\n"
    "Refusals: 400 `Company has no webhookUrl` when none is set; 409 `Event is being sent right "
    f"now` while a worker is sending it; {WRITE_COMPANY_REFUSALS}; 404 `Event not found`.",
    request_example(
        "Redeliver an event of DEM",
        {"companyCode": DEMO_COMPANY},
        "The event's `msg_...` id goes in the path (`GET /events?companyCode=DEM` lists them); "
        "DEM needs a webhookUrl (`PATCH /companies/DEM`).",
    ),
)

AUDIT_EVENTS_LIST = operation(
    "List the changes made to the company's records, newest first",
    "The audit trail: every change to the company, its employees, hardware items (and their "
    "notes), orders (and their lines and alternative groups) and movement requests, whoever "
    "made it and however (this API, the provider's back office, a command, a worker). Each "
    "event says who (`actor`: an API client by name; the provider's staff as "
    '`{"type": "OPERATOR", "name": "Operations"}`), through what (`source`), in which request '
    "(`requestId`, `idempotencyKey`), why (`reason`: the `X-Change-Reason` sent), and what "
    "changed: `changes` maps each field, named as the API names it, to `{old, new}` in the "
    "API's own values (an employee's e-mail, a status, a price as a string). A record created "
    "shows the fields it was given (`old` null), one deleted the fields it had (`new` null); a "
    "secret (the webhook signing secret) shows `***` for both.\n\n"
    "Criteria, each optional: `targetType` (a type takes its child records with it: `ORDER` "
    "gives the orders' lines and alternative groups too), `targetId` (a record's events and "
    "its children's), `actorType`, `action` (`STATUS_CHANGED`: an update that moved the "
    "status; `UPDATED`: the other updates), `requestId`, `since` (at or after) and `until` "
    "(before), ISO 8601 date-times with their offset. `limit` and `cursor` page it; without "
    "`limit` the whole list.\n\n"
    f"Refusals: {READ_COMPANY_REFUSALS}; 400 `Invalid targetType: expected ...`, `Invalid "
    "actorType: expected ...` and `Invalid action: expected ...`, naming the values there are; "
    "400 `Invalid targetId: expected the id of a record`; 400 `Invalid requestId`; 400 "
    "`Invalid since: expected ...` and `Invalid until: expected ...`, saying the format; 400 "
    "`Invalid limit: expected ...`, saying the range; 400 `Invalid cursor`.",
)
