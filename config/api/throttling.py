"""A request budget per API client (`API_THROTTLE_RATE`), answered with 429 and Retry-After."""

from django.conf import settings
from rest_framework.throttling import SimpleRateThrottle


class ApiClientThrottle(SimpleRateThrottle):
    scope = "api_client"

    def get_rate(self):
        # Read at request time, not import time, so the setting can change without a restart
        # of the class (and tests can lower it).
        return settings.API_THROTTLE_RATE

    def get_cache_key(self, request, view):
        if request.user is None:
            return None  # refused by authentication before the budget matters
        return self.cache_format % {"scope": self.scope, "ident": request.user.pk}
