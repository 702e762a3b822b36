#!/bin/sh
# StudioBrowserIT drives the studio's page in headless Chromium: installs Debian's chromium when
# missing (tools/apt-install.sh), and otherwise says what to install. Never skips the test.
# Usage: ensure-chromium.sh SKIP_ITS
set -eu
[ "${1:-false}" = "true" ] && exit 0
command -v chromium >/dev/null 2>&1 && exit 0
"$(dirname "$0")/../../../../tools/apt-install.sh" chromium || true
command -v chromium >/dev/null 2>&1 && exit 0
echo "ensure-chromium: the studio's browser test needs Chromium on the PATH (Debian: apt-get install chromium)," >&2
echo "ensure-chromium: or build without integration tests: mvn -B verify -DskipITs" >&2
exit 1
