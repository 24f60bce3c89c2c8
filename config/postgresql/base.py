"""Django's PostgreSQL backend with a health check that costs no round trip.

Django checks a kept connection (`CONN_HEALTH_CHECKS`) before the first query of each request
with `SELECT 1`: one round trip per request, about as long as a small list's own query. A
connection that is idle between requests has nothing to read, so this check asks the socket
instead: the server that ends a connection (a restart, `pg_terminate_backend`, an idle timeout)
sends its reason and closes it, which makes the socket readable. Readable, broken or closed:
unusable, and Django opens a new one, as after a failed `SELECT 1`.

What this trades (docs/decisions.md, "Speed"): a peer gone without a word (its host lost, a
firewall forgetting the connection) is not seen before the request's query, which then fails
with a 500 where `SELECT 1` would have failed first and been replaced. Anything unexpected to
read also closes the connection: a new one, never a wrong answer.
"""

import select

from django.db.backends.postgresql import base


class DatabaseWrapper(base.DatabaseWrapper):
    def is_usable(self):
        connection = self.connection
        if connection is None or connection.closed or connection.broken:
            return False
        try:
            poll = select.poll()
            poll.register(connection.fileno(), select.POLLIN)
            return not poll.poll(0)
        except (OSError, ValueError, base.Database.Error):
            return False
