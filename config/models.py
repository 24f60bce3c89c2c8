"""config's one model: the back office's Audit log (config.backoffice.audit_log), a view over
every audit table. It holds no data of its own: a proxy of pghistory's `Events`, which reads the
audit tables (config.kernel.audit) as one, each row with its record's fields and the difference
from the record's previous row."""

from pghistory.models import Events


class AuditLogEntry(Events):
    class Meta:
        proxy = True
        verbose_name = "audit log entry"
        verbose_name_plural = "audit log"
        # As pghistory's own: `dumpdata` and the like see no rows (they cannot name the tables).
        default_manager_name = "no_objects"
