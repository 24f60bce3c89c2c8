"""The computer specs that catalog items, order lines and hardware items carry.

One list for every app that names them. It lives here rather than in hardware because the
catalog, which has them too, sits below the hardware app and never imports it; `config` is
below every app, as for the countries they share (`config.kernel.countries`).
"""

from dataclasses import dataclass

from config.kernel.names import camel_case

# The model fields, in the order the interface lists them.
SPECS = ("ram", "disk_space", "display_size", "processor")
# Items also record a GPU when they are created; no answer shows it.
ITEM_SPECS = (*SPECS, "gpu")
# The answers' names of SPECS (`diskSpace`).
SPEC_KEYS = tuple(camel_case(name) for name in SPECS)


def specs_applicable(shown: dict) -> dict:
    """`shown` (an answer's object) without the specs it has none of: the interface shows a
    computer's specs "only if applicable". Changed in place, and returned."""
    for key in SPEC_KEYS:
        if shown[key] is None:
            del shown[key]
    return shown


@dataclass(frozen=True, kw_only=True)
class Described:
    """How a client describes a piece of hardware it asks for or reports: brand, model and,
    for computers, the specs. New items (hardware.services.HardwareSpec) and quote lines
    (orders.services.lines.QuoteLine) extend it."""

    brand: str | None = None
    model: str | None = None
    ram: str | None = None
    disk_space: str | None = None
    display_size: str | None = None
    processor: str | None = None
