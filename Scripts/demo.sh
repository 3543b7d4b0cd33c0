#!/usr/bin/env bash
# Sets everything up and runs CaptionKit on Samples/: installs the Debian packages, builds the
# release binary, then validates, converts, inspects and checks the samples, printing each
# command, its output and its exit code.
set -uo pipefail
cd "$(dirname "$0")/.."
bash Scripts/install-deps.sh || exit 2
swift build -c release --product captionkit || exit 2
ck="$PWD/.build/release/captionkit"
out="$(mktemp -d)"
run() { echo; echo "\$ captionkit $*"; "$ck" "$@"; echo "[exit code $?]"; }

# Validate: clean samples first, then the deliberately broken SRT.
run validate Samples/styled-regions.vtt Samples/basic.srt Samples/imsc11-styled.ttml
run validate Samples/broken.srt
# Convert, with the per-cue loss report on standard error.
run convert Samples/styled-regions.vtt "$out/styled-regions.srt"
run convert Samples/basic.srt "$out/basic.vtt"
run convert Samples/imsc11-styled.ttml "$out/imsc11-styled.vtt"
run convert Samples/imsc11-styled.ttml "$out/imsc11-styled.srt"
run convert Samples/styled-regions.vtt "$out/styled-regions.ttml"
run convert Samples/basic.srt "$out/basic.json"
# Media: subtitle tracks, their selectability, and a CI policy.
run inspect Samples/media/apple_sdh.mp4
run inspect --quiet --policy Samples/media/policy.json Samples/media/
# Style profiles: legibility of shipped profiles.
run profile check high-contrast-yellow fcc-semitransparent-box
echo
echo "Converted files are in $out:"
ls -l "$out"
