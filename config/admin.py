"""config's admin: the back office's Audit log (config.backoffice.audit_log), registered when
Django's admin looks for each app's admin module."""

from config.backoffice import audit_log  # noqa: F401
