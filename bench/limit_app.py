"""The limit app: the fastest plain way to serve what GET /hardwares, GET /hardwares/storages
and GET /orders serve, to measure the service against (bench/lists.py runs it under the same
gunicorn settings).

A bare WSGI callable, no framework: ONE SQL query over the service's tables (items with
everything they show joined in, notes aggregated per item as JSON by PostgreSQL; orders with
their lines, created items and resellers aggregated the same way), a tuple unpacked into the
interface's nested dicts per row, and orjson. No authentication, and the company is found by a
join in the same query: those are the service's fixed costs, which the limit does not pay. One
connection per worker process, kept for its life (`DATABASE_URL`).
"""

import os
from urllib.parse import parse_qs, urljoin

import orjson
import psycopg
from psycopg.types.json import set_json_loads

set_json_loads(orjson.loads)

# Column order matches the unpacking in `_row`; the note timestamps are written in SQL in
# orjson's datetime format, so both apps print the same text.
QUERY = """
SELECT h.id, h.description, h.brand, h.name, h.ram, h.processor, h.image, h.status,
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
WHERE c.code = %(company_code)s {status_filter}
ORDER BY h.created_at DESC, h.id
"""
# An order's lines (each with its group and the group's selected line, for the shaping in
# `_order_lines`), the items it created and its country's resellers come as JSON arrays.
ORDERS_QUERY = """
WITH created AS (
    -- Items have no index on the order that created them: one pass over the company's.
    SELECT hh.created_order_id,
           json_agg(
               json_build_object(
                   'id', hh.id, 'brand', hh.brand, 'description', hh.description,
                   'serialNumber', hh.serial_number, 'name', hh.name, 'hardwareType', t.name,
                   'ram', hh.ram, 'diskSpace', hh.disk_space, 'displaySize', hh.display_size,
                   'processor', hh.processor, 'image', hh.image, 'cost', hh.cost::text,
                   'dateBought', hh.date_bought
               )
               ORDER BY hh.created_at, hh.id
           ) AS items
    FROM hardware_hardware hh
    JOIN companies_company hc ON hc.id = hh.company_id
    JOIN hardware_hardwaretype t ON t.id = hh.hardware_type_id
    WHERE hc.code = %(company_code)s AND hh.created_order_id IS NOT NULL
    GROUP BY hh.created_order_id
)
SELECT o.id, o.order_number, o.created_at, o.updated_at, o.status, o.date, o.eta, o.max_eta,
       o.min_eta, o.local_invoice, o.tracking_link, o.tracking_code, o.country_code, o.send_to,
       o.currency, o.date_completed, o.requester_email, o.api_client_requester_name, c.name,
       o.client_name, o.po_number, o.is_external_order,
       e.id, e.first_name, e.last_name, e.email, e.phone, e.government_dni, e.city,
       e.country_code, e.address, e.address_extra_info, e.post_code,
       coalesce(l.lines, '[]'::json), coalesce(h.items, '[]'::json),
       coalesce(r.resellers, '[]'::json)
FROM orders_order o
JOIN companies_company c ON c.id = o.company_id
LEFT JOIN employees_employee e ON e.id = o.employee_id
LEFT JOIN LATERAL (
    SELECT json_agg(
        json_build_object(
            'id', hr.id, 'groupId', hr.alternative_group_id, 'selectedId', g.selected_id,
            'amount', hr.amount, 'notes', hr.notes,
            'quotedUnitPrice', hr.quoted_unit_price::text, 'createdAt', hr.created_at,
            'catalogModelId', hr.catalog_item_id,
            'manufacturerPartNumber', hr.manufacturer_part_number, 'brand', hr.brand,
            'model', hr.model, 'hardwareType', hr.hardware_type, 'ram', hr.ram,
            'diskSpace', hr.disk_space, 'displaySize', hr.display_size,
            'processor', hr.processor, 'image', hr.image,
            'externalItemId', hr.external_item_id, 'serialNumbers', hr.serial_numbers,
            'isAvailable', hr.is_available, 'isRecommended', hr.is_recommended
        )
        ORDER BY hr.created_at, hr.id
    ) AS lines
    FROM orders_hardwarerequest hr
    LEFT JOIN orders_alternativegroup g ON g.id = hr.alternative_group_id
    WHERE hr.order_id = o.id
) l ON true
LEFT JOIN created h ON h.created_order_id = o.id
LEFT JOIN LATERAL (
    SELECT json_agg(
        json_build_object('id', rs.id, 'code', rs.code, 'countryCode', rs.country_code)
        ORDER BY rs.code
    ) AS resellers
    FROM orders_reseller rs
    WHERE rs.country_code = o.country_code
) r ON true
WHERE c.code = %(company_code)s
ORDER BY o.created_at DESC, o.order_number DESC
"""
SPEC_KEYS = ("ram", "diskSpace", "displaySize", "processor")
HEADERS = [("Content-Type", "application/json")]

_connection = None


def _cursor():
    # Opened on first use, so each gunicorn worker (a fork) has its own.
    global _connection
    if _connection is None or _connection.closed:
        _connection = psycopg.connect(
            os.environ["DATABASE_URL"], autocommit=True, options="-c TimeZone=UTC"
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
        "image": _absolute(image, base),
        "status": status,
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
        "hardwareType": {"name": type_name, "image": _absolute(type_image, base)},
        "commonModel": (
            {
                "name": model_name,
                "ram": model_ram,
                "displaySize": model_display_size,
                "diskSpace": model_disk_space,
                "processor": model_processor,
                "image": _absolute(model_image, base),
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


def _order_row(values, base):
    (
        id_,
        order_number,
        created_at,
        updated_at,
        status,
        date,
        eta,
        max_eta,
        min_eta,
        local_invoice,
        tracking_link,
        tracking_code,
        country_code,
        send_to,
        currency,
        date_completed,
        requester_email,
        api_client_requester_name,
        company_name,
        client_name,
        po_number,
        is_external_order,
        employee_id,
        first_name,
        last_name,
        email,
        phone,
        government_dni,
        city,
        employee_country_code,
        address,
        address_extra_info,
        post_code,
        lines,
        created,
        resellers,
    ) = values
    for item in created:
        _drop_missing_specs(item)
        item["image"] = _absolute(item["image"], base)
    return {
        "id": id_,
        "orderNumber": order_number,
        "createdAt": created_at,
        "updatedAt": updated_at,
        "status": status,
        "date": date,
        "eta": eta,
        "maxEta": max_eta,
        "minEta": min_eta,
        "localInvoice": local_invoice,
        "trackingLink": tracking_link,
        "trackingCode": tracking_code,
        "countryCode": country_code,
        "sendTo": send_to,
        "currency": currency,
        "dateCompleted": date_completed,
        "requesterEmail": requester_email,
        "apiClientRequesterName": api_client_requester_name,
        "companyName": company_name,
        "clientName": client_name,
        "poNumber": po_number,
        "isExternalOrder": is_external_order,
        "employeeProfile": (
            {
                "id": employee_id,
                "firstName": first_name,
                "lastName": last_name,
                "email": email,
                "phone": phone,
                "governmentDNI": government_dni,
                "city": city,
                "countryCode": employee_country_code,
                "address": address,
                "addressExtraInfo": address_extra_info,
                "postCode": post_code,
            }
            if employee_id
            else None
        ),
        "hardwares": _order_lines(lines, base),
        "createdHardwares": created,
        "resellerIds": resellers if api_client_requester_name is not None else [],
    }


def _order_lines(lines, base):
    """The top-level lines: those in no group, and each group's selected line carrying the
    group with all its candidates (the original request is the earliest, ties by id)."""
    top = []
    groups = {}
    for line in lines:
        group_id, selected_id = line.pop("groupId"), line.pop("selectedId")
        _drop_missing_specs(line)
        line["image"] = _absolute(line["image"], base)
        if group_id is None:
            line.update(isSelected=None, isAvailable=None, isRecommended=None)
            line["alternativeGroup"] = None
            top.append(line)
            continue
        line["isSelected"] = line["id"] == selected_id
        members = groups.setdefault(group_id, [])
        members.append(line)
        if line["isSelected"]:
            group = {"id": group_id, "selectedId": selected_id, "candidates": members}
            top.append({**line, "alternativeGroup": group})
    for members in groups.values():
        original = min(members, key=lambda line: (line["createdAt"], line["id"]))
        members[:] = [{**line, "isOriginalRequest": line is original} for line in members]
    return top


def _base(environ):
    """Images' base as the service's (config.links): PUBLIC_BASE_URL, else scheme and Host."""
    public = os.environ.get("PUBLIC_BASE_URL", "").strip().removesuffix("/")
    return public or f"{environ['wsgi.url_scheme']}://{environ['HTTP_HOST']}"


def _absolute(reference, base):
    """config.links.absolute_url, without Django."""
    if reference and reference.startswith("/") and not reference.startswith("//"):
        return base + reference
    return reference if not reference or "://" in reference else urljoin(base + "/", reference)


def _drop_missing_specs(row):
    for key in SPEC_KEYS:
        if row[key] is None:
            del row[key]


# Path -> its query and how a result row becomes a dict: every item, the stored ones, orders.
ROUTES = {
    "/hardwares": (QUERY.format(status_filter=""), _row),
    "/hardwares/storages": (QUERY.format(status_filter="AND h.status = 'STORAGE'"), _row),
    "/orders": (ORDERS_QUERY, _order_row),
}


def _answer(start_response, status, body):
    start_response(status, [*HEADERS, ("Content-Length", str(len(body)))])
    return [body]


def application(environ, start_response):
    path = environ["PATH_INFO"].rstrip("/")
    if path not in ROUTES:
        return _answer(start_response, "404 Not Found", b'{"statusCode":404}')
    company_code = parse_qs(environ.get("QUERY_STRING", "")).get("companyCode", [""])[0]
    query, shape = ROUTES[path]
    base = _base(environ)
    with _cursor() as cursor:
        cursor.execute(query, {"company_code": company_code.upper()})
        rows = [shape(values, base) for values in cursor.fetchall()]
    body = orjson.dumps(
        {"statusCode": 200, "message": "Request successful", "envelop": rows},
        option=orjson.OPT_UTC_Z,
    )
    return _answer(start_response, "200 OK", body)
