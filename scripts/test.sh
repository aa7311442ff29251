#!/usr/bin/env bash
# npm test: every layer in order; the first failure fails the run.
set -euo pipefail
export NEXT_TELEMETRY_DISABLED=1
cd "$(dirname "$0")/.."

step() { printf '\n=== %s ===\n' "$1"; }
step "prisma client";    node scripts/prisma-generate.mjs
step "lint";             npx eslint --max-warnings=0 .
step "format";           npx prettier --check . --log-level warn
step "typecheck";        npx tsc --noEmit -p tsconfig.json
step "unit";             npx vitest run --project unit
step "integration";      npx vitest run --project integration
step "build";            npx next build
step "browser";          bash scripts/ensure-chromium.sh && npx playwright test

# Every server a test started must be gone: an orphaned PostgreSQL fails the run.
if pgrep -f "postgres -D $PWD/.test-data" >/dev/null || pgrep -f "postgres -D /tmp/funnel-" >/dev/null; then
  echo "An embedded PostgreSQL started by the tests is still running:" >&2
  pgrep -af "postgres -D ($PWD/.test-data|/tmp/funnel-)" >&2
  exit 1
fi
echo "No PostgreSQL left running."
