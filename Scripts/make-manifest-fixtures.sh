#!/bin/sh
# Writes the hand-made HLS and DASH fixtures in Tests/Fixtures/media (FFmpeg cannot write the
# attributes under test; see the reference doc §3.9). Called by make-media-fixtures.sh.
set -eu
ROOT=$(cd "$(dirname "$0")/.." && pwd)
OUT="$ROOT/Tests/Fixtures/media"
vtt() { # vtt FILE [header-lines]: a one-cue WebVTT segment
  printf 'WEBVTT\n%s\n\n00:00:00.100 --> 00:00:00.900\n%s\n' "$2" "$3" > "$1"
}
MAP='X-TIMESTAMP-MAP=LOCAL:00:00:00.000,MPEGTS:126000'
media() { # media FILE SEGMENT...: a VOD media playlist
  f=$1; shift
  { printf '#EXTM3U\n#EXT-X-VERSION:3\n#EXT-X-TARGETDURATION:1\n#EXT-X-PLAYLIST-TYPE:VOD\n'
    for s in "$@"; do printf '#EXTINF:1.0,\n%s\n' "$s"; done
    printf '#EXT-X-ENDLIST\n'; } > "$f"
}

# --- HLS, passing every rule ------------------------------------------------------------------
G="$OUT/hls_good"
rm -rf "$G"; mkdir -p "$G/subs" "$G/video"
cat > "$G/master.m3u8" <<'M'
#EXTM3U
#EXT-X-VERSION:6
#EXT-X-INDEPENDENT-SEGMENTS
#EXT-X-MEDIA:TYPE=SUBTITLES,GROUP-ID="subs",NAME="English SDH",LANGUAGE="en",DEFAULT=NO,AUTOSELECT=YES,FORCED=NO,CHARACTERISTICS="public.accessibility.transcribes-spoken-dialog,public.accessibility.describes-music-and-sound",URI="subs/en_sdh.m3u8"
#EXT-X-MEDIA:TYPE=SUBTITLES,GROUP-ID="subs",NAME="Español",LANGUAGE="es",DEFAULT=NO,AUTOSELECT=YES,FORCED=NO,URI="subs/es.m3u8"
#EXT-X-MEDIA:TYPE=SUBTITLES,GROUP-ID="subs",NAME="English (forced)",LANGUAGE="en",DEFAULT=NO,AUTOSELECT=YES,FORCED=YES,URI="subs/en_forced.m3u8"
#EXT-X-MEDIA:TYPE=CLOSED-CAPTIONS,GROUP-ID="cc",NAME="English CC",LANGUAGE="en",DEFAULT=YES,AUTOSELECT=YES,INSTREAM-ID="CC1"
#EXT-X-STREAM-INF:BANDWIDTH=300000,CODECS="avc1.64000c,mp4a.40.2",RESOLUTION=64x48,SUBTITLES="subs",CLOSED-CAPTIONS="cc"
video/main.m3u8
M
media "$G/subs/en_sdh.m3u8" en_sdh_0.vtt
media "$G/subs/es.m3u8" es_0.vtt
media "$G/subs/en_forced.m3u8" en_forced_0.vtt
media "$G/video/main.m3u8" seg_0.ts
vtt "$G/subs/en_sdh_0.vtt" "$MAP" "[MUSIC PLAYING]"
vtt "$G/subs/es_0.vtt" "$MAP" "Hola."
vtt "$G/subs/en_forced_0.vtt" "$MAP" "PARIS, 1944"
# The video segment carries CC1 in its SEI, as declared (HLS-012).
cp "$OUT/ts_cc608.ts" "$G/video/seg_0.ts"

# --- HLS, declared captions that the video does not carry (HLS-012) ------------------------------
C="$OUT/hls_ccmismatch"
rm -rf "$C"; mkdir -p "$C"
cat > "$C/master.m3u8" <<'M'
#EXTM3U
#EXT-X-VERSION:6
#EXT-X-MEDIA:TYPE=CLOSED-CAPTIONS,GROUP-ID="cc",NAME="Spanish CC",LANGUAGE="es",AUTOSELECT=YES,INSTREAM-ID="CC3"
#EXT-X-STREAM-INF:BANDWIDTH=300000,CODECS="avc1.64000c",CLOSED-CAPTIONS="cc"
main.m3u8
M
media "$C/main.m3u8" seg_0.ts
cp "$OUT/ts_cc608.ts" "$C/seg_0.ts"

# --- HLS, two AUTOSELECT renditions that do not differ (HLS-007) ------------------------------
A="$OUT/hls_autoselect"
rm -rf "$A"; mkdir -p "$A"
cat > "$A/master.m3u8" <<'M'
#EXTM3U
#EXT-X-VERSION:6
#EXT-X-MEDIA:TYPE=SUBTITLES,GROUP-ID="subs",NAME="English",LANGUAGE="en",AUTOSELECT=YES,URI="en.m3u8"
#EXT-X-MEDIA:TYPE=SUBTITLES,GROUP-ID="subs",NAME="English (2)",LANGUAGE="en",AUTOSELECT=YES,URI="en.m3u8"
#EXT-X-STREAM-INF:BANDWIDTH=300000,CODECS="avc1.64000c",SUBTITLES="subs",CLOSED-CAPTIONS=NONE
main.m3u8
M
media "$A/en.m3u8" en_0.vtt
vtt "$A/en_0.vtt" "$MAP" "Hello there."

# --- HLS, IMSC1 in fMP4 (HLS-014): with and without stpp in CODECS ------------------------------
# FFmpeg cannot fragment TTML, so its progressive stpp MP4 is split into an init segment and a
# media segment by media_fixture_tools.py.
I="$OUT/hls_imsc"
rm -rf "$I"; mkdir -p "$I/subs"
printf '1\n00:00:00,100 --> 00:00:00,900\nHello there.\n' > "$I/en.srt"
ffmpeg -v error -y -nostdin -fflags +bitexact -i "$I/en.srt" -c:s ttml -metadata:s:s:0 language=eng -map_metadata -1 -f mp4 "$I/en.mp4"
python3 "$ROOT/Scripts/media_fixture_tools.py" fragment "$I/en.mp4" "$I/subs/en_init.mp4" "$I/subs/en_0.m4s"
rm "$I/en.srt" "$I/en.mp4"
{ printf '#EXTM3U\n#EXT-X-VERSION:7\n#EXT-X-TARGETDURATION:1\n#EXT-X-PLAYLIST-TYPE:VOD\n#EXT-X-MAP:URI="en_init.mp4"\n'
  printf '#EXTINF:1.0,\nen_0.m4s\n#EXT-X-ENDLIST\n'; } > "$I/subs/en.m3u8"
for v in master:avc1.64000c,stpp.ttml.im1t master_nocodecs:avc1.64000c; do
  cat > "$I/${v%%:*}.m3u8" <<M
#EXTM3U
#EXT-X-VERSION:7
#EXT-X-INDEPENDENT-SEGMENTS
#EXT-X-MEDIA:TYPE=SUBTITLES,GROUP-ID="subs",NAME="English",LANGUAGE="en",DEFAULT=YES,AUTOSELECT=YES,URI="subs/en.m3u8"
#EXT-X-STREAM-INF:BANDWIDTH=300000,CODECS="${v#*:}",SUBTITLES="subs",CLOSED-CAPTIONS=NONE
main.m3u8
M
done

# --- HLS, failing: one mutation per rule --------------------------------------------------------
B="$OUT/hls_bad"
rm -rf "$B"; mkdir -p "$B/subs"
cat > "$B/master.m3u8" <<'M'
#EXTM3U
#EXT-X-VERSION:6
#EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID="aud",NAME="English",LANGUAGE="en",DEFAULT=YES,AUTOSELECT=YES,FORCED=NO,URI="audio.m3u8"
#EXT-X-MEDIA:TYPE=SUBTITLES,GROUP-ID="subs",NAME="English SDH",LANGUAGE="en",DEFAULT=YES,CHARACTERISTICS="public.accessibility.transcribes-spoken-dialog",URI="subs/en.m3u8"
#EXT-X-MEDIA:TYPE=SUBTITLES,GROUP-ID="subs",NAME="English SDH",LANGUAGE="en_US",DEFAULT=YES,AUTOSELECT=NO,URI="subs/en2.m3u8"
#EXT-X-MEDIA:TYPE=SUBTITLES,GROUP-ID="subs",NAME="Secrets",LANGUAGE="en",URI="../../etc/passwd"
#EXT-X-MEDIA:TYPE=SUBTITLES,GROUP-ID="subs",NAME="Remote",URI="http://example.com/subs.m3u8"
#EXT-X-MEDIA:TYPE=SUBTITLES,GROUP-ID="subs",NAME="No URI",LANGUAGE="fr"
#EXT-X-MEDIA:TYPE=SUBTITLES,GROUP-ID="subs",NAME="Bare VTT",LANGUAGE="de",URI="subs/en_0.vtt"
#EXT-X-MEDIA:TYPE=CLOSED-CAPTIONS,GROUP-ID="cc",NAME="CC",LANGUAGE="en",URI="cc.m3u8"
#EXT-X-STREAM-INF:BANDWIDTH=300000,SUBTITLES="subs",CLOSED-CAPTIONS="cc"
v1.m3u8
#EXT-X-STREAM-INF:BANDWIDTH=600000,SUBTITLES="subtitles",CLOSED-CAPTIONS=NONE
v2.m3u8
M
media "$B/subs/en.m3u8" en_0.vtt en_1.vtt en_missing.vtt
media "$B/subs/en2.m3u8" en_0.vtt
vtt "$B/subs/en_0.vtt" "" "No timestamp map here."
printf '1\n00:00:00,100 --> 00:00:00,900\nSRT, not WebVTT\n' > "$B/subs/en_1.vtt"

# --- HLS, attribute values of the wrong type (HLS-017) ------------------------------------------
S="$OUT/hls_syntax"
rm -rf "$S"; mkdir -p "$S"
cat > "$S/master.m3u8" <<'M'
#EXTM3U
#EXT-X-VERSION:6
#EXT-X-MEDIA:TYPE="SUBTITLES",GROUP-ID=subs,NAME="English",LANGUAGE="en",DEFAULT="YES",AUTOSELECT=yes,URI="en.m3u8"
#EXT-X-MEDIA:TYPE=CLOSED-CAPTIONS,GROUP-ID="cc",NAME="English CC",LANGUAGE="en",INSTREAM-ID=CC1
#EXT-X-STREAM-INF:BANDWIDTH=300000,CODECS="avc1.64000c",SUBTITLES=subs,CLOSED-CAPTIONS=cc
main.m3u8
M
media "$S/en.m3u8" en_0.vtt
vtt "$S/en_0.vtt" "$MAP" "Hello there."

# --- DASH ---------------------------------------------------------------------------------------
cat > "$OUT/dash_good.mpd" <<'M'
<?xml version="1.0" encoding="UTF-8"?>
<MPD xmlns="urn:mpeg:dash:schema:mpd:2011" type="static" mediaPresentationDuration="PT1S" minBufferTime="PT1S" profiles="urn:mpeg:dash:profile:isoff-on-demand:2011">
  <Period>
    <AdaptationSet id="1" contentType="video" mimeType="video/mp4" codecs="avc1.64000c">
      <Accessibility schemeIdUri="urn:scte:dash:cc:cea-608:2015" value="CC1=eng;CC3=spa"/>
      <Representation id="v" bandwidth="100000" width="64" height="48"><BaseURL>video.mp4</BaseURL></Representation>
    </AdaptationSet>
    <AdaptationSet id="2" contentType="text" mimeType="text/vtt" lang="en">
      <Role schemeIdUri="urn:mpeg:dash:role:2011" value="caption"/>
      <Representation id="en-sdh" bandwidth="256"><BaseURL>en_sdh.vtt</BaseURL></Representation>
    </AdaptationSet>
    <AdaptationSet id="3" contentType="text" mimeType="application/mp4" codecs="stpp.ttml.im1t" lang="es">
      <Role schemeIdUri="urn:mpeg:dash:role:2011" value="subtitle"/>
      <Representation id="es" bandwidth="256"><BaseURL>es.mp4</BaseURL></Representation>
    </AdaptationSet>
    <AdaptationSet id="4" contentType="text" mimeType="text/vtt" lang="en">
      <Role schemeIdUri="urn:mpeg:dash:role:2011" value="forced-subtitle"/>
      <Representation id="en-forced" bandwidth="256"><BaseURL>en_forced.vtt</BaseURL></Representation>
    </AdaptationSet>
  </Period>
</MPD>
M
cat > "$OUT/dash_bad.mpd" <<'M'
<?xml version="1.0" encoding="UTF-8"?>
<MPD xmlns="urn:mpeg:dash:schema:mpd:2011" type="static" mediaPresentationDuration="PT1S">
  <Period>
    <AdaptationSet id="1" mimeType="video/mp4" codecs="avc1.64000c">
      <Accessibility schemeIdUri="urn:scte:dash:cc:cea-608:2015" value="eng"/>
      <Representation id="v" bandwidth="100000"/>
    </AdaptationSet>
    <AdaptationSet id="2" mimeType="text/vtt">
      <Representation id="t" bandwidth="256"/>
    </AdaptationSet>
    <AdaptationSet id="3" mimeType="text/vtt" lang="fr">
      <Role schemeIdUri="urn:mpeg:dash:role:2011" value="forced_subtitle"/>
      <Representation id="f" bandwidth="256"/>
    </AdaptationSet>
    <AdaptationSet id="4" mimeType="application/octet-stream" lang="de">
      <Role schemeIdUri="urn:mpeg:dash:role:2011" value="subtitle"/>
      <Representation id="d" bandwidth="256"/>
    </AdaptationSet>
  </Period>
</MPD>
M

# --- HLS, fMP4 video with CEA-608 (HLS-012 through EXT-X-MAP): CC3 declared, CC1 in the video --
F="$OUT/hls_fmp4cc"
rm -rf "$F"; mkdir -p "$F/video"
(cd "$F" && ffmpeg -v error -y -nostdin -i "$OUT/ts_cc608.ts" -c copy -f hls -hls_segment_type fmp4 -hls_playlist_type vod \
  -hls_fmp4_init_filename init.mp4 -hls_segment_filename 'video/seg_%d.m4s' video/main.m3u8)
cat > "$F/master.m3u8" <<M
#EXTM3U
#EXT-X-MEDIA:TYPE=CLOSED-CAPTIONS,GROUP-ID="cc",NAME="Spanish",LANGUAGE="es",AUTOSELECT=YES,INSTREAM-ID="CC3"
#EXT-X-STREAM-INF:BANDWIDTH=300000,CODECS="avc1.64000c",CLOSED-CAPTIONS="cc"
video/main.m3u8
M
