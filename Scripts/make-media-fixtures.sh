#!/bin/sh
# Regenerates the tiny media fixtures in Tests/Fixtures/media with the ffmpeg CLI (Debian
# FFmpeg 5.1) plus byte patches for fields FFmpeg cannot write (Scripts/media_fixture_tools.py).
# See docs/MediaInspector.md ("Fixtures") for what each file tests.
# Usage: Scripts/make-media-fixtures.sh   (from the repository root)
set -eu
ROOT=$(cd "$(dirname "$0")/.." && pwd)
OUT="$ROOT/Tests/Fixtures/media"
TOOLS="python3 $ROOT/Scripts/media_fixture_tools.py"
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
mkdir -p "$OUT"
cd "$WORK"
FF="ffmpeg -v error -y -nostdin -fflags +bitexact"
BX="-flags:v +bitexact -flags:a +bitexact -map_metadata -1"

# --- inputs: 1 s of 64x48 video and mono audio; two-cue subtitles per language -------------
cat > en.srt <<'S'
1
00:00:00,100 --> 00:00:00,500
[MUSIC PLAYING]

2
00:00:00,500 --> 00:00:00,900
Hello there.
S
cat > es.srt <<'S'
1
00:00:00,100 --> 00:00:00,500
[MÚSICA]

2
00:00:00,500 --> 00:00:00,900
Hola.
S
cat > fr_forced.srt <<'S'
1
00:00:00,200 --> 00:00:00,600
PARIS, 1944
S
printf 'Scenarist_SCC V1.0\n\n00:00:00:01\t9420 9420 94ae 94ae 9470 9470 c845 4c4c 4f20 43c1 d054 494f ced3 942f 942f\n\n00:00:00:24\t942c 942c\n' > cc.scc
$FF -i en.srt en.ass
$FF -i en.srt en.vtt
$FF -f lavfi -i testsrc2=size=64x48:rate=10:duration=1 -f lavfi -i sine=frequency=440:duration=1:sample_rate=16000 \
  -c:v libx264 -preset ultrafast -crf 40 -pix_fmt yuv420p -g 10 -c:a aac -b:a 12k -ac 1 -shortest $BX base.mp4

SUBS3="-i en.srt -i es.srt -i fr_forced.srt -map 0:v -map 0:a -map 1 -map 2 -map 3 -c:v copy -c:a copy -c:s mov_text"
LANG3="-metadata:s:s:0 language=eng -metadata:s:s:1 language=spa -metadata:s:s:2 language=fra"

# --- MP4 -----------------------------------------------------------------------------------
# Three mov_text languages: eng default+SDH(kind caption), spa plain, fra forced (kind only).
$FF -i base.mp4 $SUBS3 $LANG3 -metadata:s:s:0 title="English SDH" -metadata:s:s:0 handler_name="English SDH" \
  -disposition:s:0 default+hearing_impaired+captions -disposition:s:1 0 -disposition:s:2 forced $BX "$OUT/mp4_movtext_3lang.mp4"
# The same, patched to Apple's signals: tagc SDH pair and elng on eng, tx3g forced-only flags on
# fra, tref/forc from eng to fra, elng fr-FR on fra.
cp "$OUT/mp4_movtext_3lang.mp4" "$OUT/mp4_apple_sdh.mp4"
$TOOLS mp4 "$OUT/mp4_apple_sdh.mp4" \
  "tagc=2,public.accessibility.transcribes-spoken-dialog,public.accessibility.describes-music-and-sound" \
  "elng=2,en-US" "tx3gflags=4,C0000000" "elng=4,fr-FR" "tref=2,forc,4"
# The Apple-tagged file with its legible tracks moved to alternate group 0 (Apple will not
# group them): SDH by tagc, but not selectable on apple.
cp "$OUT/mp4_apple_sdh.mp4" "$OUT/mp4_altgroup0.mp4"
$TOOLS mp4 "$OUT/mp4_altgroup0.mp4" "altgroup=2,0" "altgroup=3,0" "altgroup=4,0"
# No enabled subtitle track (FFmpeg always enables the first; the bit is cleared afterwards).
$FF -i base.mp4 $SUBS3 $LANG3 -disposition:s 0 $BX "$OUT/mp4_nodefault.mp4"
$TOOLS mp4 "$OUT/mp4_nodefault.mp4" "enabled=2,0"
# Two default subtitle tracks: FFmpeg gives every track its own alternate group.
$FF -i base.mp4 $SUBS3 $LANG3 -disposition:s:0 default -disposition:s:1 default -disposition:s:2 0 $BX "$OUT/mp4_twodefault.mp4"
# Untagged language (und) on a single subtitle track.
$FF -i base.mp4 -i en.srt -map 0:v -map 0:a -map 1 -c:v copy -c:a copy -c:s mov_text $BX "$OUT/mp4_und.mp4"

# --- MOV -----------------------------------------------------------------------------------
# c608 closed-caption track (clcp) next to a tx3g subtitle track.
$FF -i base.mp4 -i cc.scc -i en.srt -map 0:v -map 0:a -map 1 -map 2 -c:v copy -c:a copy -c:s:0 copy -c:s:1 mov_text -tag:s:1 tx3g \
  -metadata:s:s:0 language=eng -metadata:s:s:1 language=eng $BX "$OUT/mov_c608.mov"
# mov_text with FFmpeg's .mov default: a QuickTime 'text' handler (warned for apple).
$FF -i base.mp4 -i en.srt -map 0:v -map 0:a -map 1 -c:v copy -c:a copy -c:s mov_text -metadata:s:s:0 language=eng $BX "$OUT/mov_text.mov"

# --- Matroska / WebM -------------------------------------------------------------------------
$FF -i base.mp4 -i en.srt -i en.ass -i en.vtt -i es.srt -i fr_forced.srt \
  -map 0:v -map 0:a -map 1 -map 2 -map 3 -map 4 -map 5 -c:v copy -c:a copy \
  -c:s:0 srt -c:s:1 ass -c:s:2 webvtt -c:s:3 srt -c:s:4 srt \
  -metadata:s:s:0 language=eng -metadata:s:s:0 title="English SDH" -disposition:s:0 default+hearing_impaired \
  -metadata:s:s:1 language=eng -disposition:s:1 0 \
  -metadata:s:s:2 language=eng -disposition:s:2 captions \
  -metadata:s:s:3 language=spa -metadata:s:s:3 title=Espanol -disposition:s:3 0 \
  -metadata:s:s:4 language=fre -metadata:s:s:4 title=Forced -disposition:s:4 forced \
  -disposition:v default -disposition:a default $BX "$OUT/mkv_flags.mkv"
# Fields FFmpeg cannot write, as same-size element swaps: the ASS track's FlagDefault=0 becomes
# FlagEnabled=0; Name elements become LanguageBCP47 (en-US agrees with eng, es-419 with spa,
# de-DE disagrees with fre).
cp "$OUT/mkv_flags.mkv" "$OUT/mkv_edited.mkv"
$TOOLS mkv "$OUT/mkv_edited.mkv" "flagdefault0-to-flagenabled0=0" "title-to-bcp47=English SDH,en-US" \
  "title-to-bcp47=Espanol,es-419" "title-to-bcp47=Forced,de-DE"
# WebM with D_WEBVTT/SUBTITLES (default), /CAPTIONS and /DESCRIPTIONS.
$FF -f lavfi -i testsrc2=size=64x48:rate=10:duration=1 -i en.vtt -i en.vtt -i en.vtt \
  -map 0 -map 1 -map 2 -map 3 -c:v libvpx-vp9 -deadline realtime -cpu-used 8 -b:v 20k -c:s webvtt -disposition:v default \
  -metadata:s:s:0 language=eng -disposition:s:0 default -metadata:s:s:1 language=eng -disposition:s:1 captions \
  -metadata:s:s:2 language=eng -disposition:s:2 descriptions $BX "$OUT/webm_vtt.webm"

# --- MPEG-TS ---------------------------------------------------------------------------------
# H.264 with CEA-608 CC1 in ATSC A/53 SEI (one cc_data triplet per frame from cc.scc).
$FF -f lavfi -i testsrc2=size=64x48:rate=30000/1001:duration=1 -c:v libx264 -preset ultrafast -crf 45 -pix_fmt yuv420p \
  -bf 0 -g 30 -x264-params aud=1 $BX -f h264 v.h264
$TOOLS sei v.h264 cc.scc v_cc.h264
$FF -r 30000/1001 -i v_cc.h264 -c copy $BX "$OUT/ts_cc608.ts"
$FF -r 30000/1001 -i v_cc.h264 -c copy $BX "$OUT/mp4_sei608.mp4"
$FF -r 30000/1001 -i v.h264 -c copy $BX "$OUT/ts_nocc.ts"

# --- hostile inputs ---------------------------------------------------------------------------
mkdir -p "$OUT/hostile"
: > "$OUT/hostile/zero.mp4"
head -c 700 "$OUT/mp4_movtext_3lang.mp4" > "$OUT/hostile/truncated.mp4"
printf 'This is a text file, not media.\n' > "$OUT/hostile/notmedia.mp4"
# ftyp, then a moov whose size points far past the end of the file.
printf '\000\000\000\024ftypisom\000\000\002\000isom\377\377\377\000moov\000\000\000\010trak' > "$OUT/hostile/boxpastend.mp4"
# ftyp, then 300 nested moov-trak-mdia boxes: a deep (looping) tree the walker must bound.
python3 - "$OUT/hostile/looping.mp4" <<'P'
import struct, sys
inner = b""
for i in range(300):
    t = [b"mdia", b"trak", b"moov"][i % 3]
    inner = struct.pack(">I4s", len(inner) + 8, t) + inner
open(sys.argv[1], "wb").write(struct.pack(">I4s", 20, b"ftyp") + b"isom\0\0\2\0isom" + inner[::1])
P
# EBML header, then a Segment whose Tracks size points past the end.
printf '\032\105\337\243\203\102\202\200\030\123\200\147\001\000\000\000\000\000\000\100\026\124\256\153\210\000\000\000\000\000\377\377\377' > "$OUT/hostile/ebmlpastend.mkv"
"$ROOT/Scripts/make-manifest-fixtures.sh"
ls -l "$OUT" "$OUT/hostile"
