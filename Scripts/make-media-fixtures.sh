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
# TTML in MP4: an stpp/subt track that FFmpeg reads back as data (MP4-010).
$FF -i base.mp4 -i en.srt -map 0:v -map 1 -c:v copy -c:s ttml -metadata:s:s:0 language=eng $BX "$OUT/mp4_stpp.mp4"
# SDH by Apple's tagc pair only: no `kind` box, because FFmpeg writes `kind caption` only for the
# hearing_impaired/captions dispositions (MP4-007).
$FF -i base.mp4 -i en.srt -map 0:v -map 1 -c:v copy -c:s mov_text -metadata:s:s:0 language=eng -disposition:s:0 default $BX "$OUT/mp4_tagc_nokind.mp4"
$TOOLS mp4 "$OUT/mp4_tagc_nokind.mp4" \
  "tagc=1,public.accessibility.transcribes-spoken-dialog,public.accessibility.describes-music-and-sound"
# A full English track and its forced-only companion (tx3g 0xC0000000, tref/forc from the full
# track), in one alternate group (MP4-008 passes) ...
$FF -i base.mp4 -i en.srt -i fr_forced.srt -map 0:v -map 0:a -map 1 -map 2 -c:v copy -c:a copy -c:s mov_text \
  -metadata:s:s:0 language=eng -metadata:s:s:1 language=eng -disposition:s:0 default -disposition:s:1 0 $BX "$OUT/mp4_forced_pair.mp4"
cp "$OUT/mp4_forced_pair.mp4" "$OUT/mp4_forced_pair_bad.mp4"
$TOOLS mp4 "$OUT/mp4_forced_pair.mp4" "tx3gflags=3,C0000000" "tref=2,forc,3"
# ... and with the forced track in another group and no tref (MP4-008 fails).
$TOOLS mp4 "$OUT/mp4_forced_pair_bad.mp4" "tx3gflags=3,C0000000" "altgroup=3,5"
# Untagged language (und) on a single subtitle track.
$FF -i base.mp4 -i en.srt -map 0:v -map 0:a -map 1 -c:v copy -c:a copy -c:s mov_text $BX "$OUT/mp4_und.mp4"

# --- MOV -----------------------------------------------------------------------------------
# c608 closed-caption track (clcp) next to a tx3g subtitle track.
$FF -i base.mp4 -i cc.scc -i en.srt -map 0:v -map 0:a -map 1 -map 2 -c:v copy -c:a copy -c:s:0 copy -c:s:1 mov_text -tag:s:1 tx3g \
  -metadata:s:s:0 language=eng -metadata:s:s:1 language=eng $BX "$OUT/mov_c608.mov"
# The same with the clcp track moved out of the legible alternate group (MP4-012).
cp "$OUT/mov_c608.mov" "$OUT/mov_c608_group0.mov"
$TOOLS mp4 "$OUT/mov_c608_group0.mov" "altgroup=2,0"
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
# French audio with two forced tracks, French and English: only the French one is shown
# unasked (players pick forced subtitles in the audio's language).
$FF -i base.mp4 -i fr_forced.srt -i en.srt -map 0:v -map 0:a -map 1 -map 2 -c:v copy -c:a copy -c:s srt \
  -metadata:s:a:0 language=fre -metadata:s:s:0 language=fre -metadata:s:s:1 language=eng \
  -disposition:s:0 forced -disposition:s:1 forced -disposition:v default -disposition:a default $BX "$OUT/mkv_forced_audio.mkv"
# Fields FFmpeg cannot write, as same-size element swaps: the ASS track's FlagDefault=0 becomes
# FlagEnabled=0; Name elements become LanguageBCP47 (en-US agrees with eng, es-419 with spa,
# de-DE disagrees with fre); the WebVTT track's CodecID becomes Matroska's S_TEXT/WEBVTT, which
# FFmpeg 5.1 cannot decode.
cp "$OUT/mkv_flags.mkv" "$OUT/mkv_edited.mkv"
$TOOLS mkv "$OUT/mkv_edited.mkv" "flagdefault0-to-flagenabled0=0" "title-to-bcp47=English SDH,en-US" \
  "title-to-bcp47=Espanol,es-419" "title-to-bcp47=Forced,de-DE" "codecid=D_WEBVTT/SUBTITLES,S_TEXT/WEBVTT"
# WebM with D_WEBVTT/SUBTITLES (default), /CAPTIONS and /DESCRIPTIONS.
$FF -f lavfi -i testsrc2=size=64x48:rate=10:duration=1 -i en.vtt -i en.vtt -i en.vtt \
  -map 0 -map 1 -map 2 -map 3 -c:v libvpx-vp9 -deadline realtime -cpu-used 8 -b:v 20k -c:s webvtt -disposition:v default \
  -metadata:s:s:0 language=eng -disposition:s:0 default -metadata:s:s:1 language=eng -disposition:s:1 captions \
  -metadata:s:s:2 language=eng -disposition:s:2 descriptions $BX "$OUT/webm_vtt.webm"

# Subtitles only: S_TEXT/UTF8 (eng, default, SDH) and S_TEXT/ASS (eng): no WebVTT CodecID
# (MKV-002 passes), one implicit FlagDefault (MKV-004 passes).
$FF -i en.srt -i en.ass -map 0 -map 1 -c:s:0 srt -c:s:1 copy -metadata:s:s:0 language=eng -metadata:s:s:0 title="English SDH" \
  -disposition:s:0 default+hearing_impaired -metadata:s:s:1 language=eng -disposition:s:1 0 -map_metadata -1 "$OUT/mkv_srt_ass.mkv"
# WebM with one regular default WebVTT track and no D_WEBVTT/CAPTIONS (WEBM-002 fails for SDH).
$FF -i en.vtt -map 0 -c:s webvtt -metadata:s:s:0 language=eng -disposition:s:0 default -map_metadata -1 "$OUT/webm_subs.webm"

# Subtitles only, copied byte for byte, with text the sidecar linters flag (captionkit validate
# MEDIA): an unclosed and an unknown SRT tag; a WebVTT cue with an invalid setting and a
# mismatched end tag.
printf '1\n00:00:00,100 --> 00:00:00,500\n<i>Unclosed italics\n\n2\n00:00:00,500 --> 00:00:00,900\n<blink>Unknown tag</blink>\n' > bad.srt
printf 'WEBVTT\n\n00:00:00.100 --> 00:00:00.500 align:middle\nTom <b>and</i> Jerry\n' > bad.vtt
$FF -i bad.srt -i bad.vtt -map 0 -map 1 -c:s copy -metadata:s:s:0 language=eng -metadata:s:s:1 language=eng -map_metadata -1 "$OUT/mkv_badtext.mkv"

# WebM whose first text track claims a non-WebM CodecID (WEBM-001).
cp "$OUT/webm_vtt.webm" "$OUT/webm_badcodec.webm"
$TOOLS mkv "$OUT/webm_badcodec.webm" "codecid=D_WEBVTT/SUBTITLES,S_TEXT/UTF8"

# --- MPEG-TS ---------------------------------------------------------------------------------
# H.264 with CEA-608 CC1 in ATSC A/53 SEI (one cc_data triplet per frame from cc.scc).
$FF -f lavfi -i testsrc2=size=64x48:rate=30000/1001:duration=1 -c:v libx264 -preset ultrafast -crf 45 -pix_fmt yuv420p \
  -bf 0 -g 30 -x264-params aud=1 $BX -f h264 v.h264
$TOOLS sei v.h264 cc.scc v_cc.h264
$FF -r 30000/1001 -i v_cc.h264 -c copy $BX "$OUT/ts_cc608.ts"
$FF -r 30000/1001 -i v_cc.h264 -c copy $BX "$OUT/mp4_sei608.mp4"
$FF -r 30000/1001 -i v.h264 -c copy $BX "$OUT/ts_nocc.ts"
# PMT caption_service_descriptor (0x86) added: CC1 eng (agrees), CC3 spa (disagrees) (TS-005).
cp "$OUT/ts_cc608.ts" "$OUT/ts_cc608_desc.ts"
$TOOLS pmt-cc "$OUT/ts_cc608_desc.ts" eng 0
cp "$OUT/ts_cc608.ts" "$OUT/ts_cc608_desc_bad.ts"
$TOOLS pmt-cc "$OUT/ts_cc608_desc_bad.ts" spa 1
# MPEG-2 video re-encoded from it: the encoder carries the captions into picture user data (a53cc).
$FF -i "$OUT/ts_cc608.ts" -c:v mpeg2video -q:v 31 -g 30 -bf 0 $BX "$OUT/ts_mpeg2_cc.ts"

# DVB subtitles (from a generated PGS bitmap): eng hard-of-hearing (subtitling_type 0x20),
# deu plain, and one without a language.
$TOOLS sup bar.sup
$FF -i base.mp4 -i bar.sup -map 0:v -map 0:a -map 1 -map 1 -map 1 -c:v copy -c:a copy -c:s dvbsub \
  -metadata:s:s:0 language=eng -metadata:s:s:1 language=deu -disposition:s:0 hearing_impaired -disposition:s:1 0 \
  -disposition:s:2 0 $BX "$OUT/ts_dvbsub.ts"

# DVB teletext (FFmpeg has no teletext encoder; the TS is written by media_fixture_tools.py):
# eng on page 888 with teletext_type 0x05 (hearing impaired), deu on page 150 with type 0x02.
$TOOLS ts-teletext "$OUT/ts_teletext.ts" eng:5:888 deu:2:150
# Teletext next to DVB subtitles (FFmpeg's TS muxer copies the teletext descriptor).
$FF -i "$OUT/ts_teletext.ts" -i "$OUT/ts_dvbsub.ts" -map 0:0 -map 1:s:0 -c copy "$OUT/ts_teletext_dvbsub.ts"

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
