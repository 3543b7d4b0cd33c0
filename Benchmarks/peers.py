#!/usr/bin/env python3
"""Runs one peer tool on one file, in-process, and prints JSON: parse seconds (in-process),
cue count read, cue count written.

usage: peers.py TOOL OP INPUT [OUTPUT]
  TOOL: pysubs2 | srt | webvtt-py | pycaption | ttconv
  OP:   parse | srt2vtt | vtt2srt | ttml2vtt
"""
import json
import sys
import time


def count_out(path):
    n = 0
    with open(path, encoding="utf-8", errors="replace") as f:
        for line in f:
            if "-->" in line:
                n += 1
    return n


def main():
    tool, op, src = sys.argv[1], sys.argv[2], sys.argv[3]
    dst = sys.argv[4] if len(sys.argv) > 4 else None
    text = open(src, encoding="utf-8").read()
    t0 = time.perf_counter()
    if tool == "pysubs2":
        import pysubs2
        fmt = {"srt": "srt", "vtt": "vtt", "ttml": "ttml"}[src.rsplit(".", 1)[1]]
        subs = pysubs2.SSAFile.from_string(text, format_=fmt)
        n = len(subs)
        t1 = time.perf_counter()
        if dst:
            subs.save(dst, format_=dst.rsplit(".", 1)[1])
    elif tool == "srt":
        import srt
        subs = list(srt.parse(text))
        n = len(subs)
        t1 = time.perf_counter()
    elif tool == "webvtt-py":
        import webvtt
        if src.endswith(".srt"):
            v = webvtt.from_srt(src)
        else:
            v = webvtt.read(src)
        n = len(v.captions)
        t1 = time.perf_counter()
        if dst and dst.endswith(".vtt"):
            v.save(dst)
        elif dst:
            v.save_as_srt(dst)
    elif tool == "pycaption":
        import pycaption
        reader = {"srt": pycaption.SRTReader, "vtt": pycaption.WebVTTReader, "ttml": pycaption.DFXPReader}[src.rsplit(".", 1)[1]]()
        caps = reader.read(text)
        n = sum(len(caps.get_captions(l)) for l in caps.get_languages())
        t1 = time.perf_counter()
        if dst:
            writer = {"srt": pycaption.SRTWriter, "vtt": pycaption.WebVTTWriter}[dst.rsplit(".", 1)[1]]()
            with open(dst, "w", encoding="utf-8") as f:
                f.write(writer.write(caps))
    elif tool == "ttconv":
        import ttconv.srt.reader, ttconv.vtt.reader, ttconv.imsc.reader, ttconv.srt.writer, ttconv.vtt.writer
        import xml.etree.ElementTree as et
        ext = src.rsplit(".", 1)[1]
        with open(src, encoding="utf-8") as f:
            if ext == "srt":
                doc = ttconv.srt.reader.to_model(f)
            elif ext == "vtt":
                doc = ttconv.vtt.reader.to_model(f)
            else:
                doc = ttconv.imsc.reader.to_model(et.parse(src))
        n = sum(len(list(div)) for div in doc.get_body()) if doc.get_body() is not None else 0
        t1 = time.perf_counter()
        if dst:
            with open(dst, "w", encoding="utf-8") as f:
                if dst.endswith(".vtt"):
                    print(ttconv.vtt.writer.from_model(doc), file=f)
                else:
                    print(ttconv.srt.writer.from_model(doc), file=f)
    else:
        raise SystemExit(f"unknown tool {tool}")
    out = {"parse_seconds": t1 - t0, "cues": n}
    if dst:
        out["cues_out"] = count_out(dst)
    print(json.dumps(out))


if __name__ == "__main__":
    main()
