#!/usr/bin/env bash
# Installs Debian's ffmpeg for `npm run record-help-videos` when it is missing: the recording
# encodes Chromium's screencast frames into WebM (VP9) videos and WebP posters with it.
set -euo pipefail
if command -v ffmpeg >/dev/null 2>&1; then exit 0; fi
if [ "$(id -u)" != "0" ]; then
  echo "ffmpeg is missing: run 'sudo apt-get install -y ffmpeg' once (the help-video recording needs it)." >&2
  exit 1
fi
echo "Installing ffmpeg (apt-get)…"
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq ffmpeg >/dev/null
