#!/usr/bin/env python3
"""`captionkit inspect` against `ffprobe -show_streams` on generated long media files (issue #7).

usage: Benchmarks/inspect_bench.py [--minutes 60] [--runs 5] [--captionkit PATH]

Generates (once, into Benchmarks/out/media/) long files with the ffmpeg CLI: an MP4 with two
mov_text tracks, an MKV with SRT and ASS tracks, and an MPEG-TS with no subtitle track (what
inspect reads when there is nothing to find). One 2-second cue every 4 seconds; the video is
320x180 at 300 kbit/s, about 135 MB an hour, so reading everything shows. Then times, median
of --runs:

  - `ffprobe -v error -show_streams FILE`                 (headers only)
  - `captionkit inspect --no-cc --no-cues FILE`           (the same question: streams and flags)
  - `captionkit inspect --no-cc FILE`                     (also counts cues and their time span)

and how many bytes each reads (the sum of read/pread results under strace, when strace is
installed), so "reads only what it needs" is measured too. The CEA-608 decode budget is left
out (--no-cc): it is a fixed, configurable amount of video decoding that ffprobe does not do.
Prints a Markdown table with the ratio captionkit / ffprobe (below 1 is faster).
"""
import argparse
import os
import re
import shutil
import statistics
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
MEDIA = os.path.join(HERE, "out", "media")


def sh(cmd):
    subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


def srt_text(minutes, shift=0):
    """One 2-second cue every 4 seconds for the whole duration."""
    out = []
    for i in range(minutes * 15):
        s = i * 4 + shift
        e = s + 2
        ts = lambda t: "%02d:%02d:%02d,000" % (t // 3600, t // 60 % 60, t % 60)
        out.append("%d\n%s --> %s\nCue %d, line one\nsecond line\n" % (i + 1, ts(s), ts(e), i + 1))
    return "\n".join(out)


def generate(minutes):
    os.makedirs(MEDIA, exist_ok=True)
    seconds = minutes * 60
    en = os.path.join(MEDIA, "en.srt")
    fr = os.path.join(MEDIA, "fr.srt")
    if not os.path.exists(en):
        open(en, "w").write(srt_text(minutes))
        open(fr, "w").write(srt_text(minutes, shift=1))
    # A realistic stream size (about 300 kbit/s) so that reading everything shows.
    video = ["-f", "lavfi", "-i", "testsrc2=size=320x180:rate=25:duration=%d" % seconds]
    files = {}
    mp4 = os.path.join(MEDIA, "long-%dmin.mp4" % minutes)
    if not os.path.exists(mp4):
        sh(["ffmpeg", "-y", *video, "-i", en, "-i", fr, "-map", "0:v", "-map", "1", "-map", "2",
            "-c:v", "libx264", "-preset", "ultrafast", "-b:v", "300k", "-c:s", "mov_text",
            "-metadata:s:s:0", "language=eng", "-metadata:s:s:1", "language=fra",
            "-disposition:s:0", "default", mp4])
    files["mp4 (2 × mov_text)"] = mp4
    mkv = os.path.join(MEDIA, "long-%dmin.mkv" % minutes)
    if not os.path.exists(mkv):
        sh(["ffmpeg", "-y", *video, "-i", en, "-i", fr, "-map", "0:v", "-map", "1", "-map", "2",
            "-c:v", "libx264", "-preset", "ultrafast", "-b:v", "300k", "-c:s:0", "srt", "-c:s:1", "ass",
            "-metadata:s:s:0", "language=eng", "-metadata:s:s:1", "language=fra", mkv])
    files["mkv (srt + ass)"] = mkv
    ts = os.path.join(MEDIA, "long-%dmin.ts" % minutes)
    if not os.path.exists(ts):
        sh(["ffmpeg", "-y", *video, "-c:v", "libx264", "-preset", "ultrafast", "-b:v", "300k", ts])
    files["ts (video only)"] = ts
    return files


def timed(cmd, runs):
    times = []
    for _ in range(runs):
        t0 = time.perf_counter()
        subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        times.append(time.perf_counter() - t0)
    return statistics.median(times)


def bytes_read(cmd, path):
    """Bytes read from `path` (read, pread64, readv) under strace; None without strace."""
    if not shutil.which("strace"):
        return None
    log = os.path.join(MEDIA, "strace.log")
    subprocess.run(["strace", "-f", "-qq", "-e", "trace=openat,read,pread64,readv,close", "-o", log, *cmd],
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    fds, total = set(), 0
    name = os.path.basename(path)
    for line in open(log, errors="replace"):
        line = re.sub(r"^\d+\s+", "", line)
        m = re.match(r'openat\(.*"([^"]*)".*\)\s+=\s+(\d+)', line)
        if m:
            if os.path.basename(m.group(1)) == name:
                fds.add(m.group(2))
            continue
        m = re.match(r"close\((\d+)\)", line)
        if m:
            fds.discard(m.group(1))
            continue
        m = re.match(r"(?:read|pread64|readv)\((\d+),.*\)\s+=\s+(\d+)", line)
        if m and m.group(1) in fds:
            total += int(m.group(2))
    return total


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--minutes", type=int, default=60)
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--captionkit", default=os.path.join(ROOT, ".build", "release", "captionkit"))
    a = ap.parse_args()
    if not os.path.exists(a.captionkit):
        sys.exit("build it first: swift build -c release --product captionkit")
    files = generate(a.minutes)
    print("### inspect vs ffprobe, %d-minute files, median of %d runs\n" % (a.minutes, a.runs))
    print("| file | MB | ffprobe -show_streams s | inspect --no-cc --no-cues s (ratio) | inspect --no-cc s (ratio) | bytes read: ffprobe / inspect --no-cues / inspect |")
    print("|---|---|---|---|---|---|")
    for label, path in files.items():
        mb = os.path.getsize(path) / 1e6
        probe = ["ffprobe", "-v", "error", "-show_streams", path]
        quick = [a.captionkit, "inspect", "--no-cc", "--no-cues", path]
        full = [a.captionkit, "inspect", "--no-cc", path]
        tp, tq, tf = timed(probe, a.runs), timed(quick, a.runs), timed(full, a.runs)
        reads = [bytes_read(c, path) for c in (probe, quick, full)]
        rtxt = " / ".join("—" if r is None else "%.2f MB" % (r / 1e6) for r in reads)
        print("| %s | %.1f | %.3f | %.3f (%.2f×) | %.3f (%.2f×) | %s |" % (label, mb, tp, tq, tq / tp, tf, tf / tp, rtxt))


if __name__ == "__main__":
    main()
