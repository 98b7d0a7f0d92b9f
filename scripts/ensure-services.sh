#!/usr/bin/env bash
# Installs the Debian servers that tests and benchmarks start on their own (in temp folders, on
# loopback free ports) when any is missing: redis-server (the Redis broker's tests, see
# scripts/redis-server.mjs), haproxy and nginx (the load balancers of `npm run bench:cluster`).
# Nothing is started here, and apt-get runs only when something is absent.
set -euo pipefail
declare -A binaries=([redis-server]=/usr/bin/redis-server [haproxy]=/usr/sbin/haproxy [nginx]=/usr/sbin/nginx)
missing=()
for package in "${!binaries[@]}"; do
  [ -x "${binaries[$package]}" ] || missing+=("$package")
done
if [ ${#missing[@]} -eq 0 ]; then exit 0; fi
if [ "$(id -u)" != "0" ]; then
  echo "Missing: ${missing[*]}: run 'sudo apt-get install -y ${missing[*]}' once." >&2
  exit 1
fi
echo "Installing ${missing[*]} (apt-get)…"
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
