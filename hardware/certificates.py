"""A wipe's certificate: a one-page PDF (fpdf2, pure Python) an auditor can file, naming the
item, the company, the method of NIST SP 800-88 Rev. 1, the tool, who wiped it and when, whether
it was verified, and the certificate's own id (the wipe's). Written once, when the wipe is
recorded; the service keeps the bytes and their SHA-256 (hardware.lifecycle)."""

import hashlib
import unicodedata
from dataclasses import dataclass
from datetime import datetime

from fpdf import FPDF

STANDARD = "NIST SP 800-88 Rev. 1, Guidelines for Media Sanitization"


@dataclass(frozen=True, kw_only=True)
class CertificateFacts:
    certificate_id: str
    hardware_id: str
    serial_number: str
    item: str  # its name and type
    company: str  # its name and code
    method: str  # CLEAR, PURGE or DESTROY, with what it means
    tool: str
    performed_by: str
    recorded_by: str
    performed_at: datetime
    verified: bool
    issued_at: datetime


def certificate_pdf(facts: CertificateFacts) -> bytes:
    pdf = FPDF(format="A4")
    pdf.set_title(f"Data sanitization certificate {facts.certificate_id}")
    pdf.set_creation_date(facts.issued_at)
    pdf.add_page()
    pdf.set_font("Helvetica", "B", 18)
    pdf.cell(0, 12, "Certificate of data sanitization", new_x="LMARGIN", new_y="NEXT")
    pdf.set_font("Helvetica", "", 10)
    pdf.cell(0, 6, _text(STANDARD), new_x="LMARGIN", new_y="NEXT")
    pdf.ln(6)
    rows = [
        ("Certificate", facts.certificate_id),
        ("Hardware", facts.hardware_id),
        ("Serial number", facts.serial_number or "(none recorded)"),
        ("Item", facts.item),
        ("Company", facts.company),
        ("Method", facts.method),
        ("Tool", facts.tool),
        ("Performed by", facts.performed_by),
        ("Performed at", facts.performed_at.isoformat()),
        ("Verification", "Verified" if facts.verified else "Not verified"),
        ("Recorded by", facts.recorded_by),
        ("Issued at", facts.issued_at.isoformat()),
    ]
    for label, value in rows:
        pdf.set_font("Helvetica", "B", 11)
        pdf.cell(45, 8, label)
        pdf.set_font("Helvetica", "", 11)
        pdf.multi_cell(0, 8, _text(value), new_x="LMARGIN", new_y="NEXT")
    pdf.ln(6)
    pdf.set_font("Helvetica", "", 9)
    pdf.multi_cell(
        0,
        5,
        "The service that issued this certificate keeps its SHA-256; compare it with the "
        "certificateSha256 that GET /hardwares/{hardwareId}/wipes answers.",
    )
    return bytes(pdf.output())


def sha256_of(content: bytes) -> str:
    return hashlib.sha256(content).hexdigest()


def _text(value: str) -> str:
    """What the PDF's built-in fonts can write (Latin-1): accents kept, other letters as
    their closest form or `?`."""
    composed = unicodedata.normalize("NFC", value)
    if all(ord(character) < 256 for character in composed):
        return composed
    decomposed = unicodedata.normalize("NFKD", value)
    return decomposed.encode("latin-1", "replace").decode("latin-1")
