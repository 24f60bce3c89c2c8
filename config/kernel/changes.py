"""What a change did to a record, as an operator reads it: `field: old → new`. The data fix
services answer it (config.kernel.fixes prints it), so the commands and the admin's previews
show the same thing."""

from collections.abc import Mapping
from dataclasses import dataclass, field

EMPTY = "—"


@dataclass(frozen=True)
class RecordChange:
    """What a fix changed of one record, named as an operator knows it: each changed field's
    (old, new) values, by the field's name; none when the record was left as it was."""

    record: str
    fields: Mapping[str, tuple[object, object]] = field(default_factory=dict)

    @classmethod
    def between(cls, record: str, before: Mapping, after: Mapping) -> "RecordChange":
        """The fields of `after` whose values differ from `before`'s, in `after`'s order."""
        changed = {
            name: (before.get(name), new) for name, new in after.items() if before.get(name) != new
        }
        return cls(record, changed)

    @property
    def changed(self) -> bool:
        return bool(self.fields)

    def text(self) -> str:
        """The record, then `name: old → new` for each field on a line of its own."""
        if not self.fields:
            return f"{self.record}: unchanged"
        lines = [
            f"  {name}: {_shown(old)} → {_shown(new)}" for name, (old, new) in self.fields.items()
        ]
        return "\n".join([f"{self.record}:", *lines])


def _shown(value) -> str:
    if value is None or value == "":
        return EMPTY
    if isinstance(value, bool):
        return "yes" if value else "no"
    return str(value)
