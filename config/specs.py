"""The computer specs that catalog items, order lines and hardware items carry.

One list for every app that names them. It lives here rather than in hardware because the
catalog, which has them too, sits below the hardware app and never imports it; `config` is
below every app, as for the countries they share (`config.countries`).
"""

from config.api.serializers import camel_case

# The model fields, in the order the interface lists them.
SPECS = ("ram", "disk_space", "display_size", "processor")
# Items also record a GPU when they are created; no answer shows it.
ITEM_SPECS = (*SPECS, "gpu")
# The answers' names of SPECS (`diskSpace`).
SPEC_KEYS = tuple(camel_case(name) for name in SPECS)
