"""A client library for accessing Hardware Logistics Orchestration Service"""

from .client import AuthenticatedClient, Client

__all__ = (
    "AuthenticatedClient",
    "Client",
)
