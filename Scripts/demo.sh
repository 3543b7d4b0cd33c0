#!/usr/bin/env bash
# Sets everything up and runs CaptionKit on Samples/: installs the Debian packages, builds the
# release binary, validates every sample and converts them between formats.
set -uo pipefail
cd "$(dirname "$0")/.."
bash Scripts/install-deps.sh || exit 2
swift build -c release --product captionkit || exit 2
ck=".build/release/captionkit"
out="$(mktemp -d)"
run() { echo; echo "\$ captionkit $*"; "$ck" "$@"; echo "(exit code $?)"; }
run validate Samples/
run convert Samples/styled-regions.vtt "$out/styled-regions.srt"
run convert Samples/basic.srt "$out/basic.vtt"
[ -f Samples/imsc11-styled.ttml ] && run convert Samples/imsc11-styled.ttml "$out/imsc11-styled.vtt"
[ -f Samples/imsc11-styled.ttml ] && run convert Samples/imsc11-styled.ttml "$out/imsc11-styled.srt"
run convert Samples/styled-regions.vtt --to json
echo
echo "Converted files are in $out"
