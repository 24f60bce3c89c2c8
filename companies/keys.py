"""Key material: how API keys and SCIM tokens look, and how they are hashed.

A key is `hlos_<prefix>.<secret>`, a company's SCIM token `scim_<prefix>.<secret>`: the
12-character prefix finds the stored row, the secret (256 random bits) proves possession. Both
are random and long, so a fast SHA-256 hash is as safe as a slow password hash here, and costs
nothing per request. The scheme tells the two apart: neither is ever taken for the other.
"""

import hashlib
import secrets
from typing import NamedTuple

KEY_SCHEME = "hlos_"
SCIM_TOKEN_SCHEME = "scim_"


class KeyMaterial(NamedTuple):
    prefix: str
    raw_key: str
    hashed_key: str


def generate_key(scheme: str = KEY_SCHEME) -> KeyMaterial:
    prefix = secrets.token_hex(6)
    raw_key = f"{scheme}{prefix}.{secrets.token_urlsafe(32)}"
    return KeyMaterial(prefix, raw_key, hash_key(raw_key))


def hash_key(raw_key: str) -> str:
    return hashlib.sha256(raw_key.encode()).hexdigest()


def prefix_of(raw_key: str, scheme: str = KEY_SCHEME) -> str | None:
    """The lookup prefix of a well-formed key of `scheme`, or None for anything else."""
    if not raw_key.startswith(scheme):
        return None
    prefix, dot, secret = raw_key.removeprefix(scheme).partition(".")
    return prefix if dot and prefix and secret else None
