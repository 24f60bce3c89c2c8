"""The interface's names for the models' fields: snake_case in the code, camelCase on the wire,
named alike by the serializers, the schema and the services' refusals."""

# Words the interface writes in capitals inside camelCase names (governmentDNI).
ACRONYMS = {"dni": "DNI"}


def camel_case(name: str) -> str:
    """`government_dni` -> `governmentDNI`; names without underscores are kept as they are."""
    first, *rest = name.split("_")
    return first + "".join(ACRONYMS.get(word, word[:1].upper() + word[1:]) for word in rest)
