"""A long list's answers assembled from its rows' plain columns, by a function made for its shape.

A list of items reads, per item, some forty columns of five tables and nests them as the
interface's objects. Two ways were measured for 400 items (docs/decisions.md, "Items assembled
in Python again"): PostgreSQL writing each item's JSON text (config.json_text) took 7.4 ms in the
database and 1.3 ms in Python; the same columns read plain and assembled here took 3.0 ms in
the database and 3.7 ms in Python, a quarter less in all. The database's JSON writing pays per
value for its type's output function, a text copy and escaping that orjson does in one pass.

`RowAnswers(shape, model=..., keys=...)` reads a shape (a dict of keys to columns of `model`,
in the answer's order) as:

- `columns`: the expressions to read, for `.values(**columns)`: each column once, however many
  keys show it (an item's `companyId` and `company.id` are one column), and last the `keys`
  (a page's key columns, config.api.paging: a row ends with them), which the answer reads
  from there when it shows them too (an item's `id` and `createdAt`);
- `of(rows, base)`: the answers of rows read so, dicts the renderer writes, with images made
  absolute against `base` (config.links.url_base).

A column read twice costs twice: PostgreSQL writes it and psycopg parses it for every row (a
UUID about 0.2 µs each way, a timestamp 0.6).

The function is written once per shape as Python source, a loop over the rows making a dict
display of each row's positions, so an item costs what a hand-written one would: no loop over
its keys and no call per row. A shape's values are columns (`F` or any expression), nested
shapes (dicts), and:

- `Optional`: a key left out when its value is null (a computer's specs, "only if
  applicable"); at the top of the answer only;
- `NullUnless`: a nested object that is null when a column is (an item's employee);
- `Raw`: a column whose value is JSON text the query writes itself (config.json_lists'
  lists of an item's notes), answered as it is (`orjson.Fragment`), or null;
- `ImageUrl`: a stored image path, made absolute by `config.links.absolute_url`.
"""

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass

from django.db.models import Expression, F, Model
from django.db.models.sql import Query
from orjson import Fragment

from config.links import absolute_url

Shape = Mapping[str, "Expression | F | Shape"]


@dataclass(frozen=True)
class Optional:
    """A key left out of the answer when its value is null."""

    value: Expression | F


@dataclass(frozen=True)
class NullUnless:
    """A nested object, or null when `column` is null."""

    column: Expression | F
    shape: Shape


@dataclass(frozen=True)
class Raw:
    """A column whose value is the JSON text of the key's value, answered as it is."""

    value: Expression | F


@dataclass(frozen=True)
class ImageUrl:
    """A stored image reference, answered absolute (config.links.absolute_url)."""

    reference: Expression | F


class RowAnswers:
    """The columns to read for answers of `shape`, and the function that assembles them."""

    def __init__(self, shape: Shape, *, name: str, model: type[Model], keys: Sequence[F] = ()):
        # Every F resolved in one query, so two paths to one table are two joins, told apart
        # (`Query.resolve_ref`, Django's own, beyond its documented surface: tests/config/
        # test_answers.py checks what it resolves to). Let go once the function is made.
        self._query = Query(model)
        self._columns: list[Expression | F] = []
        # Position of each column read, by what makes it the same column (`_identity`): the
        # keys' are counted from the row's end.
        self._positions: dict[object, int] = {
            self._identity(key): position - len(keys) for position, key in enumerate(keys)
        }
        self._optional: list[str] = []
        display = self._object(shape, top=True)
        lines = [
            "def answers(rows, base):\n",
            "    answered = []\n",
            "    for row in rows:\n",
            f"        answer = {display}\n",
            *(
                f"        if answer[{key!r}] is None:\n            del answer[{key!r}]\n"
                for key in self._optional
            ),
            "        answered.append(answer)\n",
            "    return answered\n",
        ]
        namespace = {"Fragment": Fragment, "absolute_url": absolute_url}
        exec(compile("".join(lines), f"<answers of {name}>", "exec"), namespace)
        del self._query
        self.of: Callable[[Iterable[Sequence], str], list[dict]] = namespace["answers"]
        # Aliases Django takes (none is a model field's name), in the order a row holds them.
        self.columns = {f"answer{i}": column for i, column in enumerate([*self._columns, *keys])}

    def _object(self, shape: Shape, *, top: bool = False) -> str:
        pairs = (f"{key!r}: {self._value(key, value, top)}" for key, value in shape.items())
        return "{" + ", ".join(pairs) + "}"

    def _value(self, key: str, value, top: bool) -> str:
        if isinstance(value, Mapping):
            return self._object(value)
        if isinstance(value, NullUnless):
            column = self._column(value.column)
            return f"(None if {column} is None else {self._object(value.shape)})"
        if isinstance(value, Optional):
            if not top:
                raise ValueError(f"{key}: only an answer's own keys can be left out")
            self._optional.append(key)
            return self._column(value.value)
        if isinstance(value, Raw):
            column = self._column(value.value)
            return f"(None if {column} is None else Fragment({column}))"
        if isinstance(value, ImageUrl):
            return f"absolute_url({self._column(value.reference)}, base)"
        return self._column(value)

    def _column(self, expression: Expression | F) -> str:
        identity = self._identity(expression)
        if identity not in self._positions:
            self._positions[identity] = len(self._columns)
            self._columns.append(expression)
        return f"row[{self._positions[identity]}]"

    def _identity(self, expression: Expression | F) -> object:
        # A column shown twice (an item's `companyName` and `company.name`, or its `companyId`
        # and `company.id`, whose join Django leaves out) is read once. Other expressions are
        # told apart by themselves: Django's equality takes `Value(1)` and `Value(True)` for one.
        if not isinstance(expression, F):
            return id(expression)
        column = self._query.resolve_ref(expression.name, allow_joins=True)
        return column.alias, column.target.column
