#!/bin/sh
# The container's roles, one image for all of them:
#   web      the app on $HOST:$PORT: WEB_CONCURRENCY processes (scripts/web.ts, Node's cluster)
#   worker   webhook delivery, email and batch processing (WORKER_TASKS)
#   migrate  migrations as the owner, then the app role's grants
#   cli …    the operator CLI, e.g. `cli audit:verify`
# One process per role (node --import tsx, not the tsx CLI): signals reach it directly.
set -eu
role="${1:-web}"
[ "$#" -gt 0 ] && shift
case "$role" in
  web) exec node --import tsx scripts/web.ts ;;
  worker) exec node --import tsx scripts/worker.ts ;;
  migrate) exec node --import tsx scripts/migrate.ts ;;
  cli) exec node --import tsx src/cli/main.ts "$@" ;;
  *) echo "Unknown role '$role': use web, worker, migrate or cli" >&2; exit 2 ;;
esac
