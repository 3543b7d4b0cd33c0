#!/usr/bin/env bash
# Installs the Debian packages CaptionKit needs besides the Swift toolchain:
# pkg-config and the FFmpeg 5.1 libraries (media inspector), libxml2 (TTML), and the ffmpeg CLI
# (regenerating media fixtures; some tests compare with ffprobe).
set -euo pipefail
packages=(pkg-config libxml2-dev libavformat-dev libavcodec-dev libavutil-dev ffmpeg python3-pip)
sudo=""
if [ "$(id -u)" != 0 ]; then sudo="sudo"; fi
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -qq
$sudo apt-get install -y -qq --no-install-recommends "${packages[@]}" >/dev/null
