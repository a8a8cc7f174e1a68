#!/usr/bin/env bash
# Makes sure Debian's Radicale CalDAV server is installed, for the CalDAV ITs of deja-calendar and deja-server (the
# tests start it themselves: a private instance on a free loopback port with a temporary storage directory, stopped
# after each test class; see dev.deja.testkit.RadicaleServer). Prints the executable's path on its last line.
#
# Idempotent and instant when radicale is installed. As root (CI) it installs the 'radicale' package from apt (an
# 'apt-get update' first only when the package is unknown). As a non-root developer nothing is installed: the script
# says what to run and exits non-zero. Radicale's Debian service is not enabled or started by the tests.
set -euo pipefail

log() { echo "install-radicale: $*" >&2; }

# Radicale reads TZIDs with pytz, which Debian's packages only recommend (python3-vobject → python3-tz): without it
# every PUT of an event with a TZID answers 400 "VTIMEZONE components must contain a valid TZID".
if command -v radicale >/dev/null 2>&1 && /usr/bin/python3 -c 'import pytz' >/dev/null 2>&1; then
  command -v radicale
  exit 0
fi
if [ "$(id -u)" -ne 0 ]; then
  log "radicale (with python3-tz) is not installed; run: sudo apt-get install -y radicale python3-tz (the CalDAV ITs are skipped without it)"
  exit 1
fi
log "installing Debian's radicale and python3-tz packages"
export DEBIAN_FRONTEND=noninteractive
if ! apt-cache show radicale >/dev/null 2>&1 || ! apt-cache show python3-tz >/dev/null 2>&1; then
  apt-get update -q >/dev/null
fi
# policy-rc.d 101: do not start Debian's own radicale service while installing (the tests run their own).
policy=/usr/sbin/policy-rc.d
created_policy=0
if [ ! -e "$policy" ]; then
  printf '#!/bin/sh\nexit 101\n' > "$policy"
  chmod +x "$policy"
  created_policy=1
fi
trap '[ "$created_policy" = 1 ] && rm -f "$policy"' EXIT
apt-get install -y -q --no-install-recommends radicale python3-tz >/dev/null
command -v radicale
