"""Reads of items' data wipes, always within one company: an item's wipes as
GET /hardwares/{hardwareId}/wipes lists them, each with the address of its certificate, and the
certificate itself, the PDF kept as the service wrote it when the wipe was recorded
(hardware.lifecycle)."""

from dataclasses import dataclass
from urllib.parse import urlencode
from uuid import UUID

from django.db.models import QuerySet
from django.urls import reverse

from companies.models import Company
from config.kernel.errors import NotFound
from config.kernel.links import url_base
from config.kernel.rows import Row, columns_of
from hardware.answers import HardwareWipeSerializer
from hardware.models import HardwareWipe
from hardware.selectors import HARDWARE_NOT_FOUND, hardware_list

WIPE_NOT_FOUND = "Wipe not found"

# A wipe's answer, as the serializer declares it: its columns, and the certificate's address,
# made here.
WIPE_KEYS = tuple(HardwareWipeSerializer().fields)
WIPE = Row(
    {
        name: path
        for name, path in columns_of(HardwareWipeSerializer).items()
        if name != "certificateUrl"
    }
)
# An item's wipes, oldest first (HardwareWipe.Meta.ordering).
WIPES_ORDER = ("performed_at", "id")


def hardware_wipe_rows(
    *, company: Company, hardware_id: UUID, wipe_id: UUID | None = None
) -> list[dict]:
    """The item's wipes (or the one `wipe_id`), oldest first, as the API answers them;
    another company's item is not found."""
    wipes = _wipes_of(company, hardware_id)
    if wipe_id is not None:
        wipes = wipes.filter(pk=wipe_id)
    base = url_base()
    company_code = urlencode({"companyCode": company.code})
    rows = []
    for row in WIPE.values(wipes.order_by(*WIPES_ORDER)):
        path = reverse(
            "hardware-wipe-certificate",
            kwargs={"hardware_id": str(hardware_id), "wipe_id": str(row["id"])},
        )
        row["certificateUrl"] = f"{base}{path}?{company_code}"
        rows.append({key: row[key] for key in WIPE_KEYS})
    return rows


@dataclass(frozen=True)
class Certificate:
    """A wipe's certificate: its PDF and the SHA-256 kept when it was written."""

    content: bytes
    sha256: str


def hardware_wipe_certificate(*, company: Company, hardware_id: UUID, wipe_id: UUID) -> Certificate:
    """The certificate of one of the item's wipes; another company's item, or a wipe of
    another item, is not found."""
    found = (
        _wipes_of(company, hardware_id)
        .filter(pk=wipe_id)
        .values_list("certificate", "certificate_sha256")
        .first()
    )
    if found is None:
        raise NotFound(WIPE_NOT_FOUND)
    content, sha256 = found
    return Certificate(content=bytes(content), sha256=sha256)


def _wipes_of(company: Company, hardware_id: UUID) -> QuerySet[HardwareWipe]:
    if not hardware_list(company=company).filter(pk=hardware_id).exists():
        raise NotFound(HARDWARE_NOT_FOUND)
    return HardwareWipe.objects.filter(hardware_id=hardware_id)
