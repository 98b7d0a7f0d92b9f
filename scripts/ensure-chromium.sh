#!/usr/bin/env bash
# Installs Debian's Chromium for the browser tests when /usr/bin/chromium is missing.
set -euo pipefail
if [ -x /usr/bin/chromium ]; then exit 0; fi
if [ "$(id -u)" != "0" ]; then
  echo "Chromium is missing: run 'sudo apt-get install -y chromium' once." >&2
  exit 1
fi
echo "Installing Chromium (apt-get)…"
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq chromium fonts-dejavu-core >/dev/null
