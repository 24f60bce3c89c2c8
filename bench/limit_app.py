"""The limit app: the fastest plain way to serve what GET /hardwares, GET /hardwares/storages
and GET /orders serve, to measure the service against (bench/lists.py and bench/pages.py run it
under the same gunicorn settings).

A bare WSGI callable, no framework: ONE SQL query over the service's tables (items with
everything they show joined in, notes aggregated per item as JSON by PostgreSQL; orders with
their lines, created items and resellers aggregated the same way), a tuple unpacked into the
interface's nested dicts per row, and orjson. No authentication, and the company is found by a
join in the same query: those are the service's fixed costs, which the limit does not pay. One
connection per worker process, kept for its life (`DATABASE_URL`).

The items' lists page as the service's do (config.api.paging): with `limit`, the same query
narrowed by the keyset condition of the signed `cursor` and `LIMIT limit + 1` (sent as a
parameter, and planned as the service's connections plan), and a
`Link: <next page>; rel="next"` header with the cursor of the page's last item, signed with the
same key (`SECRET_KEY`) and salt, so the service reads it and the other way round.
"""

import os
from urllib.parse import parse_qsl, urlencode

import orjson
import psycopg
from django.core.signing import TimestampSigner
from limit_orders import ORDERS_QUERY, absolute, answer_base, order_row
from psycopg.types.json import set_json_loads

set_json_loads(orjson.loads)

# Column order matches the unpacking in `_row`; the note timestamps are written in SQL in
# orjson's datetime format, so both apps print the same text.
QUERY = """
SELECT h.id, h.description, h.brand, h.name, h.ram, h.processor, h.image, h.status,
       h.lifecycle, h.retired_reason, h.retired_at,
       h.damaged, h.cost::float8, h.serial_number, h.disk_space, h.display_size,
       h.date_bought, h.country_code, h.new_hardware, h.external_reference, h.factory_reset,
       h.cost_currency, h.in_movement, h.created_at, h.updated_at, h.company_id, c.name,
       h.created_through, h.created_order_id, h.created_user_id, t.name, t.image,
       e.id, e.first_name, e.last_name, e.email, s.id, s.country_code,
       m.name, m.ram, m.display_size, m.disk_space, m.processor, m.image,
       coalesce(n.notes, '[]'::json)
FROM hardware_hardware h
JOIN companies_company c ON c.id = h.company_id
JOIN hardware_hardwaretype t ON t.id = h.hardware_type_id
LEFT JOIN employees_employee e ON e.id = h.employee_id
LEFT JOIN hardware_storage s ON s.id = h.storage_id
LEFT JOIN catalog_catalogitem m ON m.id = h.common_model_id
LEFT JOIN LATERAL (
    SELECT json_agg(
        json_build_object(
            'content', hn.content,
            'createdAt', to_char(hn.created_at AT TIME ZONE 'UTC',
                                 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'),
            'user', json_build_object('email', hn.author_email)
        )
        ORDER BY hn.created_at, hn.id
    ) AS notes
    FROM hardware_hardwarenote hn
    WHERE hn.hardware_id = h.id
) n ON true
WHERE h.company_id = (SELECT id FROM companies_company WHERE code = %(company_code)s)
    {status_filter} {after}
ORDER BY h.created_at DESC, h.id {limit}
"""
# The items after the cursor's (created_at, id) in the order above; the first key's bound on
# its own starts the index scan at the cursor, as the service's Keyset does.
AFTER = """AND h.created_at <= %(after_at)s
    AND (h.created_at < %(after_at)s OR (h.created_at = %(after_at)s AND h.id > %(after_id)s))"""
# config.api.paging's salt: cursors are made and read as the service makes and reads them.
_SIGNER = TimestampSigner(
    key=os.environ["SECRET_KEY"], salt="config.api.paging.cursor", fallback_keys=[]
)
HEADERS = [("Content-Type", "application/json")]

_connection = None


def _cursor():
    # Opened on first use, so each gunicorn worker (a fork) has its own.
    global _connection
    if _connection is None or _connection.closed:
        # Planned as the service's connections plan (config/settings.py): the limit a
        # parameter, the plan made for any values kept, no JIT.
        _connection = psycopg.connect(
            os.environ["DATABASE_URL"],
            autocommit=True,
            options="-c TimeZone=UTC -c jit=off -c plan_cache_mode=force_generic_plan",
        )
    return _connection.cursor()


def _row(values, base):
    (
        id_,
        description,
        brand,
        name,
        ram,
        processor,
        image,
        status,
        lifecycle,
        retired_reason,
        retired_at,
        damaged,
        cost,
        serial_number,
        disk_space,
        display_size,
        date_bought,
        country_code,
        new_hardware,
        external_reference,
        factory_reset,
        cost_currency,
        in_movement,
        created_at,
        updated_at,
        company_id,
        company_name,
        created_through,
        created_order_id,
        created_user_id,
        type_name,
        type_image,
        employee_id,
        first_name,
        last_name,
        email,
        storage_id,
        storage_country,
        model_name,
        model_ram,
        model_display_size,
        model_disk_space,
        model_processor,
        model_image,
        notes,
    ) = values
    row = {
        "id": id_,
        "description": description,
        "brand": brand,
        "name": name,
        "image": absolute(image, base),
        "status": status,
        "lifecycle": lifecycle,
        "retiredReason": retired_reason,
        "retiredAt": retired_at,
        "damaged": damaged,
        "cost": cost,
        "serialNumber": serial_number,
        "dateBought": date_bought,
        "countryCode": country_code,
        "newHardware": new_hardware,
        "externalReference": external_reference,
        "factoryReset": factory_reset,
        "costCurrency": cost_currency,
        "inMovement": in_movement,
        "createdAt": created_at,
        "updatedAt": updated_at,
        "companyId": company_id,
        "companyName": company_name,
        "createdThrough": created_through,
        "createdOrderId": created_order_id,
        "createdUserId": created_user_id,
        "employeeProfile": (
            {"id": employee_id, "firstName": first_name, "lastName": last_name, "email": email}
            if employee_id
            else None
        ),
        "storage": {"id": storage_id, "countryCode": storage_country} if storage_id else None,
        "company": {"id": company_id, "name": company_name},
        "hardwareType": {"name": type_name, "image": absolute(type_image, base)},
        "commonModel": (
            {
                "name": model_name,
                "ram": model_ram,
                "displaySize": model_display_size,
                "diskSpace": model_disk_space,
                "processor": model_processor,
                "image": absolute(model_image, base),
            }
            if model_name is not None
            else None
        ),
        "hardwareNote": notes,
        "movementRequests": [],
    }
    # Specs are shown only when the item has them, as the service does.
    if ram is not None:
        row["ram"] = ram
    if disk_space is not None:
        row["diskSpace"] = disk_space
    if display_size is not None:
        row["displaySize"] = display_size
    if processor is not None:
        row["processor"] = processor
    return row


# Path -> its query, how a result row becomes a dict and the name its cursors are made for
# (None: it does not page): every item, the stored ones, orders.
ROUTES = {
    "/hardwares": (QUERY.format(status_filter="", after="{after}", limit="{limit}"), _row),
    "/hardwares/storages": (
        QUERY.format(status_filter="AND h.status = 'STORAGE'", after="{after}", limit="{limit}"),
        _row,
    ),
    "/orders": (ORDERS_QUERY, order_row),
}
KEYSETS = {"/hardwares": "hardwares", "/hardwares/storages": "hardwares/storages"}


def _answer(start_response, status, body, headers=()):
    start_response(status, [*HEADERS, *headers, ("Content-Length", str(len(body)))])
    return [body]


def application(environ, start_response):
    path = environ["PATH_INFO"].rstrip("/")
    if path not in ROUTES:
        return _answer(start_response, "404 Not Found", b'{"statusCode":404}')
    params = dict(parse_qsl(environ.get("QUERY_STRING", "")))
    query, shape = ROUTES[path]
    arguments = {"company_code": params.get("companyCode", "").upper()}
    keyset = KEYSETS.get(path)
    limit = int(params["limit"]) if keyset and "limit" in params else None
    if keyset:
        if "cursor" in params:
            _, (arguments["after_at"], arguments["after_id"]) = _SIGNER.unsign_object(
                params["cursor"]
            )
        query = query.format(
            after=AFTER if "cursor" in params else "",
            limit="" if limit is None else "LIMIT %(limit)s",
        )
        arguments["limit"] = None if limit is None else limit + 1
    with _cursor() as cursor:
        cursor.execute(query, arguments)
        base = answer_base(environ)
        rows = [shape(values, base) for values in cursor.fetchall()]
    headers = []
    if limit is not None and len(rows) > limit:
        del rows[limit:]
        last = rows[-1]
        cursor = _SIGNER.sign_object(
            [keyset, [last["createdAt"].isoformat(), str(last["id"])]], compress=True
        )
        url = f"{environ['wsgi.url_scheme']}://{environ['HTTP_HOST']}{environ['PATH_INFO']}"
        headers.append(("Link", f'<{url}?{urlencode(params | {"cursor": cursor})}>; rel="next"'))
    body = orjson.dumps(
        {"statusCode": 200, "message": "Request successful", "envelop": rows},
        option=orjson.OPT_UTC_Z,
    )
    return _answer(start_response, "200 OK", body, headers)
