#!/usr/bin/env bash
# npm test: every layer in order; the first failure fails the run.
set -euo pipefail
export NEXT_TELEMETRY_DISABLED=1
cd "$(dirname "$0")/../.."

source scripts/test/steps.sh
step "prisma client";    node scripts/run/prisma-generate.mjs
step "lint";             npx eslint --max-warnings=0 .
step "format";           npx prettier --check . --log-level warn
step "typecheck";        npx tsc --noEmit -p tsconfig.json
reports=test-reports
rm -rf "$reports" && mkdir -p "$reports"
step "unit";             npx vitest run --project unit --reporter=default --reporter=json --outputFile.json="$reports/unit.json"
# http-front, standalone-server, page-cache and multi-instance tests need the production
# build, so they run after the build step. pgbouncer.test.ts needs Debian's pgbouncer (installed
# when root).
source scripts/test/after-build-tests.sh
step "pgbouncer";        bash scripts/test/ensure-pgbouncer.sh
step "integration";      PGBOUNCER_REQUIRED=1 npx vitest run --project integration "${after_build[@]/#/--exclude=}" --exclude=tests/integration/scripts/multi-instance.test.ts --reporter=default --reporter=json --outputFile.json="$reports/integration.json"
step "build";            node --import tsx scripts/run/build.ts
step "public js";        node scripts/test/public-js-bytes.mjs
step "http front";       HTTP_FRONT_REQUIRED=1 npx vitest run --project integration "${after_build[@]}" --reporter=default --reporter=json --outputFile.json="$reports/http-front.json"
step "several instances"; MULTI_INSTANCE_REQUIRED=1 npx vitest run --project integration tests/integration/scripts/multi-instance.test.ts --reporter=default --reporter=json --outputFile.json="$reports/multi-instance.json"
step "browser";          bash scripts/test/ensure-chromium.sh && PLAYWRIGHT_JSON_OUTPUT_FILE="$reports/browser.json" npx playwright test --reporter=list,json

# Every server a test started must be gone: an orphaned PostgreSQL fails the run.
if pgrep -f "postgres -D $PWD/.test-data" >/dev/null; then
  echo "An embedded PostgreSQL started by the tests is still running:" >&2
  pgrep -af "postgres -D $PWD/.test-data" >&2
  exit 1
fi
node scripts/test/summary.mjs "$reports/unit.json" "$reports/integration.json" "$reports/http-front.json" "$reports/multi-instance.json" "$reports/browser.json"
