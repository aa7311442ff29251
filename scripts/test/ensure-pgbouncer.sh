#!/usr/bin/env bash
# The transaction-pooling tests run Debian's pgbouncer in front of the embedded PostgreSQL.
set -euo pipefail
if [ -x /usr/sbin/pgbouncer ]; then exit 0; fi
if [ "$(id -u)" = "0" ]; then
  echo "PgBouncer is missing: installing Debian's pgbouncer package…"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends pgbouncer >/dev/null
  # The package starts a system service; the tests run their own pgbouncer on a free port.
  (systemctl disable --now pgbouncer || service pgbouncer stop) >/dev/null 2>&1 || true
  exit 0
fi
echo "PgBouncer not found at /usr/sbin/pgbouncer: run 'sudo apt-get install -y pgbouncer', then npm test again." >&2
exit 1
