"""API key authentication: `Authorization: Bearer <key>` or `X-API-Key: <key>`."""

from rest_framework.authentication import BaseAuthentication
from rest_framework.exceptions import AuthenticationFailed

from companies.selectors import api_key_authenticate
from config.kernel.audit import ActorType, actor_added


class ApiKeyAuthentication(BaseAuthentication):
    """Authenticates an API client. `request.user` is the ApiClient, `request.auth` its key."""

    def authenticate(self, request):
        raw_key = self.key_from_headers(request)
        if raw_key is None:
            return None
        key = api_key_authenticate(raw_key=raw_key)
        if key is None:
            raise AuthenticationFailed()
        # The request's writes are the client's on the audit trail.
        actor_added(ActorType.API_CLIENT, key.client.name, apiClientId=key.client.pk)
        return key.client, key

    def authenticate_header(self, request):
        # Makes DRF answer 401 (not 403) to an unauthenticated request.
        return 'Bearer realm="api"'

    @staticmethod
    def key_from_headers(request) -> str | None:
        """The key the request carries. Two different keys, one in each header, are refused:
        which one to trust would be a guess, and the client has a bug to hear about."""
        # Both read from the environ (WSGI gives header values as latin-1 text), not through
        # `request.headers`, which copies every header of the request into a new mapping.
        meta = request.META
        scheme, _, credentials = meta.get("HTTP_AUTHORIZATION", "").partition(" ")
        bearer = credentials.strip() if scheme.lower() == "bearer" else ""
        api_key = meta.get("HTTP_X_API_KEY", "").strip()
        if bearer and api_key and bearer != api_key:
            raise AuthenticationFailed()
        return bearer or api_key or None
