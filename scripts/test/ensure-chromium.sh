#!/usr/bin/env bash
# Browser tests use Debian's Chromium; Playwright never downloads a browser here.
set -euo pipefail
if [ -x /usr/bin/chromium ]; then exit 0; fi
if [ "$(id -u)" = "0" ]; then
  echo "Chromium is missing: installing Debian's chromium package…"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
  exit 0
fi
echo "Chromium not found at /usr/bin/chromium: run 'sudo apt-get install -y chromium', then npm test again." >&2
exit 1
