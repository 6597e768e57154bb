#!/bin/sh
# The container's roles, one image for all of them:
#   web      the app on $HOST:$PORT: WEB_CONCURRENCY processes (scripts/web.ts, Node's cluster)
#   worker   webhook delivery, email and batch processing (WORKER_TASKS)
#   migrate  migrations as the owner, then the app role's grants
#   cli …    the operator CLI, e.g. `cli audit:verify`
# One process per role, started by node itself, so that signals reach it directly: web, worker and
# cli run the build's bundles (dist/, `npm run build`); migrate, a one-off, runs under tsx.
set -eu
role="${1:-web}"
[ "$#" -gt 0 ] && shift
case "$role" in
  web) exec node dist/web.mjs ;;
  worker) exec node dist/worker.mjs ;;
  migrate) exec node --import tsx scripts/migrate.ts ;;
  cli) exec node dist/cli.mjs "$@" ;;
  *) echo "Unknown role '$role': use web, worker, migrate or cli" >&2; exit 2 ;;
esac
