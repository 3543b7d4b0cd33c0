#!/usr/bin/env python3
"""Deterministic benchmark corpus: realistic cues as SRT, WebVTT and TTML (IMSC 1.1 with
styles and regions), at the sizes given on the command line.

Cues have 1-2 lines of 20-42 characters, some italics and bold, some positioned cues, accents,
CJK and emoji. The same seed always gives the same bytes.

usage: generate.py OUTDIR [COUNT ...]     (default counts: 1000 10000 100000 1000000)
"""
import os
import random
import sys

WORDS = ("the a and to of in is you that it he was for on are with as I his they be at one have "
         "this from or had by word but what some we can out other were all there when up use your "
         "how said an each she which do their time if will way about many then them write would "
         "like so these her long make thing see him two has look more day could go come did number "
         "sound no most people my over know water than call first who may down side been now find "
         "café naïve résumé jalapeño façade Zürich São").split()
CJK = ["こんにちは世界", "字幕の表示", "你好，世界", "안녕하세요"]
EMOJI = ["🙂", "🎵", "👍", "🔥"]


def line(rng):
    target = rng.randint(20, 42)
    out = []
    while len(" ".join(out)) < target - 4:
        out.append(rng.choice(WORDS))
    s = " ".join(out)
    r = rng.random()
    if r < 0.03:
        s = rng.choice(CJK) + " " + s[:20]
    elif r < 0.05:
        s = s[:36] + " " + rng.choice(EMOJI)
    return s[:42].strip()


def cues(n, seed=1):
    rng = random.Random(seed)
    t = 1000
    for i in range(n):
        start = t + rng.randint(0, 400)
        end = start + rng.randint(1200, 6000)
        t = end + rng.randint(80, 800)
        lines = [line(rng) for _ in range(1 if rng.random() < 0.4 else 2)]
        style = rng.random()
        kind = "italic" if style < 0.08 else ("bold" if style < 0.12 else "plain")
        positioned = rng.random() < 0.05
        yield i + 1, start, end, lines, kind, positioned


def ts(ms, sep):
    h, ms = divmod(ms, 3600000)
    m, ms = divmod(ms, 60000)
    s, ms = divmod(ms, 1000)
    return f"{h:02d}:{m:02d}:{s:02d}{sep}{ms:03d}"


def esc(s):
    return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def write_srt(path, n):
    with open(path, "w", encoding="utf-8", newline="\n") as f:
        for i, a, b, lines, kind, pos in cues(n):
            text = "\n".join(esc(l) for l in lines)
            if kind == "italic":
                text = f"<i>{text}</i>"
            elif kind == "bold":
                text = f"<b>{text}</b>"
            if pos:
                text = "{\\an8}" + text
            f.write(f"{i}\n{ts(a, ',')} --> {ts(b, ',')}\n{text}\n\n")


def write_vtt(path, n):
    with open(path, "w", encoding="utf-8", newline="\n") as f:
        f.write("WEBVTT\n\n")
        for i, a, b, lines, kind, pos in cues(n):
            text = "\n".join(esc(l) for l in lines)
            if kind == "italic":
                text = f"<i>{text}</i>"
            elif kind == "bold":
                text = f"<b>{text}</b>"
            settings = " line:10% position:50% align:center" if pos else ""
            f.write(f"{i}\n{ts(a, '.')} --> {ts(b, '.')}{settings}\n{text}\n\n")


def write_ttml(path, n):
    with open(path, "w", encoding="utf-8", newline="\n") as f:
        f.write('<?xml version="1.0" encoding="UTF-8"?>\n'
                '<tt xmlns="http://www.w3.org/ns/ttml" xmlns:tts="http://www.w3.org/ns/ttml#styling" '
                'xmlns:ttp="http://www.w3.org/ns/ttml#parameter" '
                'ttp:profile="http://www.w3.org/ns/ttml/profile/imsc1.1/text" xml:lang="en">\n'
                '<head><styling>'
                '<style xml:id="s0" tts:color="white" tts:backgroundColor="black" tts:fontSize="100%"/>'
                '<style xml:id="italic" tts:fontStyle="italic"/><style xml:id="bold" tts:fontWeight="bold"/>'
                '</styling><layout>'
                '<region xml:id="bottom" tts:origin="10% 80%" tts:extent="80% 15%" tts:displayAlign="after"/>'
                '<region xml:id="top" tts:origin="10% 5%" tts:extent="80% 15%" tts:displayAlign="before"/>'
                '</layout></head>\n<body style="s0"><div>\n')
        for i, a, b, lines, kind, pos in cues(n):
            inner = "<br/>".join(esc(l) for l in lines)
            if kind != "plain":
                inner = f'<span style="{kind}">{inner}</span>'
            region = "top" if pos else "bottom"
            f.write(f'<p xml:id="c{i}" begin="{ts(a, ".")}" end="{ts(b, ".")}" region="{region}">{inner}</p>\n')
        f.write("</div></body></tt>\n")


def main():
    if len(sys.argv) < 2 or sys.argv[1] in ("-h", "--help"):
        print(__doc__)
        sys.exit(0 if len(sys.argv) >= 2 else 2)
    # An option is not a folder name: `--help` once wrote 300 MB into a folder called "--help".
    if sys.argv[1].startswith("-"):
        sys.exit(f"generate.py: unknown option {sys.argv[1]}\n{__doc__}")
    out = sys.argv[1]
    counts = [int(c) for c in sys.argv[2:]] or [1000, 10000, 100000, 1000000]
    os.makedirs(out, exist_ok=True)
    for n in counts:
        for ext, fn in (("srt", write_srt), ("vtt", write_vtt), ("ttml", write_ttml)):
            path = os.path.join(out, f"cues-{n}.{ext}")
            if not os.path.exists(path):
                fn(path, n)


if __name__ == "__main__":
    main()
