"""The back office's one way of writing dates and times (settings.FORMAT_MODULE_PATH), in place
of the locale's "Nov. 27, 2026, 6:50 a.m.": year first, 24-hour clock, in the operators' time
zone (settings.BACK_OFFICE_TIME_ZONE). The API writes ISO 8601 by its own serializers and is
unaffected."""
