"""The orders of the limit app (bench/limit_app.py): GET /orders in ONE SQL query, each row
unpacked into the interface's nested dicts."""

import os
import re

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
# config.kernel.links.URL_SCHEME.
_URL_SCHEME = re.compile(r"[A-Za-z][A-Za-z0-9+.-]*:")


def answer_base(environ):
    """Images' base as the service's (config.kernel.links): PUBLIC_BASE_URL, else scheme and
    Host."""
    public = os.environ.get("PUBLIC_BASE_URL", "").strip().removesuffix("/")
    return public or f"{environ['wsgi.url_scheme']}://{environ['HTTP_HOST']}"


def absolute(reference, base):
    """config.kernel.links.absolute_url, without Django."""
    if not reference or not base:
        return reference
    if reference.startswith("//"):
        return base.split(":", 1)[0] + ":" + reference
    if reference.startswith("/"):
        return base + reference
    return reference if _URL_SCHEME.match(reference) else f"{base}/{reference}"


def order_row(values, base):
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
        item["image"] = absolute(item["image"], base)
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
        line["image"] = absolute(line["image"], base)
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


def _drop_missing_specs(row):
    for key in SPEC_KEYS:
        if row[key] is None:
            del row[key]
