"""The service's settings (`config.settings`) with the Django-stack limit's URLconf
(bench/limit_tracking_urls.py) in place of the service's: nothing else changes."""

from config.settings import *  # noqa: F403

ROOT_URLCONF = "bench.limit_tracking_urls"
