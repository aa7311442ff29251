# Sourced by scripts/test/run.sh and scripts/test/node24.sh: the integration test files that need the
# production build. Both runs leave them out of the integration step and run them after the build
# (multi-instance.test.ts, npm test only, has a step of its own).
after_build=(tests/integration/scripts/http-front.test.ts tests/integration/scripts/route-fuzz.test.ts tests/integration/scripts/standalone-server.test.ts tests/integration/scripts/page-cache.test.ts)
