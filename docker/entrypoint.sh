#!/bin/sh
# The container's roles, one image for all of them:
#   web      the app (next start) on $HOST:$PORT
#   worker   webhook delivery, email and batch processing (WORKER_TASKS)
#   migrate  migrations as the owner, then the app role's grants
#   cli …    the operator CLI, e.g. `cli audit:verify`
# One process per role (node --import tsx, not the tsx CLI): signals reach it directly.
set -eu
role="${1:-web}"
[ "$#" -gt 0 ] && shift
case "$role" in
  web) exec node_modules/.bin/next start -H "${HOST:-0.0.0.0}" -p "${PORT:-3000}" ;;
  worker) exec node --import tsx scripts/worker.ts ;;
  migrate) exec node --import tsx scripts/migrate.ts ;;
  cli) exec node --import tsx src/cli/main.ts "$@" ;;
  *) echo "Unknown role '$role': use web, worker, migrate or cli" >&2; exit 2 ;;
esac
