"""API key material: how keys look, and how they are hashed.

A key is `hlos_<prefix>.<secret>`: the 12-character prefix finds the stored row, the secret
(256 random bits) proves possession. Keys are random and long, so a fast SHA-256 hash is as
safe as a slow password hash here, and costs nothing per request.
"""

import hashlib
import secrets
from typing import NamedTuple

KEY_SCHEME = "hlos_"


class KeyMaterial(NamedTuple):
    prefix: str
    raw_key: str
    hashed_key: str


def generate_key() -> KeyMaterial:
    prefix = secrets.token_hex(6)
    raw_key = f"{KEY_SCHEME}{prefix}.{secrets.token_urlsafe(32)}"
    return KeyMaterial(prefix, raw_key, hash_key(raw_key))


def hash_key(raw_key: str) -> str:
    return hashlib.sha256(raw_key.encode()).hexdigest()


def prefix_of(raw_key: str) -> str | None:
    """The lookup prefix of a well-formed key, or None for anything else."""
    if not raw_key.startswith(KEY_SCHEME):
        return None
    prefix, dot, secret = raw_key.removeprefix(KEY_SCHEME).partition(".")
    return prefix if dot and prefix and secret else None
