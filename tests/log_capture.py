"""Log lines as the configured handler writes them: with the request-id filter and the
formatter LOG_FORMAT chooses (settings.LOG_FORMATTERS), captured from the root logger."""

import logging
from contextlib import contextmanager

from django.conf import settings
from django.utils.module_loading import import_string

from config.ops.request_ids import RequestIdFilter


def configured_formatter(log_format: str) -> logging.Formatter:
    spec = dict(settings.LOG_FORMATTERS[log_format])
    factory = spec.pop("()", None)
    if factory is None:
        return logging.Formatter(spec["format"])
    return import_string(factory)(**spec)


class LinesHandler(logging.Handler):
    def __init__(self, formatter: logging.Formatter):
        super().__init__(logging.INFO)
        self.setFormatter(formatter)
        self.addFilter(RequestIdFilter())
        self.lines: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.lines.append(self.format(record))


@contextmanager
def log_lines(log_format: str = "text"):
    """Yields the list the lines are written to while the block runs."""
    handler = LinesHandler(configured_formatter(log_format))
    root = logging.getLogger()
    level = root.level
    root.addHandler(handler)
    root.setLevel(logging.INFO)
    try:
        yield handler.lines
    finally:
        root.removeHandler(handler)
        root.setLevel(level)
