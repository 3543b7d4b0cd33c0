#!/usr/bin/env python3
"""CaptionKit benchmark: CaptionKit side by side with FFmpeg, pysubs2, srt, webvtt-py, pycaption
and ttconv on the same generated files, in the same run, with a memchr scan and `cat` as the
physical reference. Prints a Markdown report (and writes it to Benchmarks/out/report.md).

usage: Benchmarks/run.py [--sizes 1000,10000,100000,1000000] [--runs 5] [--peer-max 100000]
                         [--python PYTHON]

Times are medians of --runs runs. Whole-process times include process start; the convert table
also gives CPU time (user + system), which differs from the wall-clock time where a tool uses more
than one thread (CaptionKit's convert does from 1 MiB of input on). Peak RSS is the child's
ru_maxrss. Every tool's output cue count is checked against the input's, so nobody wins
by dropping cues. Peers run on files up to --peer-max cues (the slow Python peers take minutes per
run at 1M cues); FFmpeg and CaptionKit run on every size.
"""
import argparse
import json
import os
import statistics
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
OUT = os.path.join(HERE, "out")


# CPU seconds (user + system) of the last `median_run`, median over its runs: CaptionKit's
# convert runs its writer on a second thread for large files, so its wall-clock time and its CPU
# time differ, and the report shows both.
last_cpu = 0.0


def run_measured(cmd, stdout=subprocess.DEVNULL):
    """Runs a command; returns (seconds, peak RSS bytes, stdout text, exit code, CPU seconds)."""
    t0 = time.perf_counter()
    p = subprocess.Popen(cmd, stdout=subprocess.PIPE if stdout is None else stdout, stderr=subprocess.DEVNULL)
    out = p.stdout.read().decode() if stdout is None else ""
    _, status, ru = os.wait4(p.pid, 0)
    t = time.perf_counter() - t0
    return t, ru.ru_maxrss * 1024, out, os.waitstatus_to_exitcode(status), ru.ru_utime + ru.ru_stime


def median_run(cmd, runs, stdout=subprocess.DEVNULL):
    global last_cpu
    times, cpus, rss, out, rc = [], [], 0, "", 0
    for _ in range(runs):
        t, r, o, rc, c = run_measured(cmd, stdout)
        times.append(t)
        cpus.append(c)
        rss = max(rss, r)
        out = o
    last_cpu = statistics.median(cpus)
    return statistics.median(times), rss, out, rc


def count_cues(path):
    n = 0
    with open(path, "rb") as f:
        for line in f:
            if b"-->" in line:
                n += 1
    return n


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--sizes", default="1000,10000,100000,1000000")
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--peer-max", type=int, default=100000)
    ap.add_argument("--ttml-max", type=int, default=1000000, help="largest TTML file measured")
    ap.add_argument("--peer-runs", type=int, default=3, help="runs per Python peer measurement (1 at 100k cues and above)")
    ap.add_argument("--python", default=os.environ.get("PEER_PYTHON", "/opt/ckbench/bin/python"))
    ap.add_argument("--sections", default="parse,convert,validate", help="which tables to measure (comma-separated)")
    ap.add_argument("--link", choices=["static", "dynamic"], default="static", help="how the measured captionkit is linked")
    a = ap.parse_args()
    sizes = [int(s) for s in a.sizes.split(",")]
    sections = set(a.sections.split(","))
    os.makedirs(OUT, exist_ok=True)
    data = os.path.join(OUT, "data")
    subprocess.run([sys.executable, os.path.join(HERE, "generate.py"), data] + [str(s) for s in sizes], check=True)
    # The measured binary is the self-contained one the README recommends installing: the Swift
    # runtime and Foundation linked in (`--static-swift-stdlib`), built apart from the default
    # `.build` so the two builds do not undo each other. `--link dynamic` measures `swift build
    # -c release` as it is.
    build = ["swift", "build", "-c", "release"]
    if a.link == "static":
        build += ["--static-swift-stdlib", "--scratch-path", os.path.join(ROOT, ".build", "static")]
    for product in ("captionkit", "captionkit-bench"):
        subprocess.run(build + ["--product", product], cwd=ROOT, check=True, stdout=subprocess.DEVNULL)
    bindir = subprocess.run(build + ["--show-bin-path"], cwd=ROOT, capture_output=True, text=True).stdout.strip()
    ck = os.path.join(bindir, "captionkit")
    bench = os.path.join(bindir, "captionkit-bench")
    scan = os.path.join(OUT, "memchr_scan")
    subprocess.run(["cc", "-O2", "-o", scan, os.path.join(HERE, "memchr_scan.c")], check=True)
    have_ffmpeg = subprocess.run(["which", "ffmpeg"], capture_output=True).returncode == 0
    have_python_peers = os.path.exists(a.python)

    def peer_runs(n):
        return 1 if n >= 100000 else max(1, min(a.runs, a.peer_runs))

    lines = []
    checks = []  # (target, ok, detail)
    parse_rows = []
    conv_rows = []
    per_cue = {}
    rss_rows = []

    def p(s=""):
        print(s, flush=True)
        lines.append(s)

    p(f"# CaptionKit benchmark\n\nMachine: {os.cpu_count()} cores; runs per measurement: {a.runs} (median). "
      f"Sizes: {', '.join(map(str, sizes))} cues (TTML up to {a.ttml_max}). Python peers up to {a.peer_max} cues, "
      f"{a.peer_runs} runs below 100k cues and 1 run at 100k. CaptionKit linked {a.link}ally "
      f"({'`--static-swift-stdlib`' if a.link == 'static' else 'the default `swift build -c release`'}). "
      f"Command: `{' '.join(sys.argv)}`\n")

    if "parse" in sections:
        # Parse only, in-process, against the memchr scan.
        p("## Parse only (in-process)\n")
        p("| file | MB | CaptionKit s | MB/s | cues/s | memchr s | CaptionKit / memchr speed | cues ok | peers (in-process parse s) |")
        p("|---|---|---|---|---|---|---|---|---|")
        for n in sizes:
            for ext in ("srt", "vtt", "ttml"):
                if ext == "ttml" and n > a.ttml_max:
                    continue
                f = os.path.join(data, f"cues-{n}.{ext}")
                mb = os.path.getsize(f) / 1e6
                r = json.loads(subprocess.run([bench, "parse", f, str(a.runs)], capture_output=True, text=True).stdout or "{}")
                s = json.loads(subprocess.run([scan, f, str(a.runs)], capture_output=True, text=True).stdout)
                secs = r.get("seconds", float("nan"))
                per_cue[(ext, n)] = secs / n
                ratio = s["seconds"] / secs if secs else 0
                peers = []
                if have_python_peers and n <= a.peer_max:
                    tools = {"srt": ["pysubs2", "srt", "webvtt-py", "pycaption", "ttconv"], "vtt": ["pysubs2", "webvtt-py", "pycaption", "ttconv"], "ttml": ["pysubs2", "pycaption", "ttconv"]}[ext]
                    for tool in tools:
                        ts = []
                        cues = None
                        for _ in range(peer_runs(n)):
                            o = subprocess.run([a.python, os.path.join(HERE, "peers.py"), tool, "parse", f], capture_output=True, text=True)
                            try:
                                j = json.loads(o.stdout.strip().splitlines()[-1])
                                ts.append(j["parse_seconds"])
                                cues = j["cues"]
                            except Exception:
                                break
                        if ts:
                            peers.append(f"{tool} {statistics.median(ts):.3f} ({statistics.median(ts) / secs:.0f}×)" + ("" if cues == n else f" [cues {cues}!]"))
                ok = r.get("cues") == n
                p(f"| cues-{n}.{ext} | {mb:.1f} | {secs:.4f} | {mb / secs:.0f} | {n / secs:,.0f} | {s['seconds']:.4f} | {ratio * 100:.1f}% | {'yes' if ok else 'NO: ' + str(r.get('cues'))} | {'; '.join(peers)} |")
                if ext in ("srt", "vtt") and n >= 100000:
                    checks.append((f"parse {ext} {n} ≥ 10% of memchr scan", ratio >= 0.10, f"{ratio * 100:.1f}%"))
    if "parse" in sections:
        # Linear scaling.
        p("")
        for ext in ("srt", "vtt", "ttml"):
            if (ext, 10000) in per_cue and (ext, 1000000) in per_cue:
                k = per_cue[(ext, 1000000)] / per_cue[(ext, 10000)]
                checks.append((f"{ext} per-cue cost at 1M within 1.5× of 10k", k <= 1.5, f"{k:.2f}×"))

    if "convert" in sections:
        # Whole-process conversions.
        p("## Whole-process convert\n")
        p("| conversion | cues | tool | seconds | CPU seconds | peak RSS MB | cues out | CaptionKit speed-up |")
        p("|---|---|---|---|---|---|---|---|")
        convs = [("srt", "vtt"), ("vtt", "srt"), ("ttml", "vtt")]
        for n in sizes:
            for src_ext, dst_ext in convs:
                if src_ext == "ttml" and n > a.ttml_max:
                    continue
                src = os.path.join(data, f"cues-{n}.{src_ext}")
                results = []
                dst = os.path.join(OUT, f"ck-{n}.{src_ext}2.{dst_ext}")
                t, rss, _, rc = median_run([ck, "convert", "--quiet", src, dst], a.runs)
                ck_t = t
                results.append(("CaptionKit", t, last_cpu, rss, count_cues(dst) if rc == 0 else -1))
                insize = os.path.getsize(src)
                # The targets are measured on the 100k and 1M files; smaller inputs are
                # dominated by the process itself (about 20 MB).
                if src_ext in ("srt", "vtt") and n >= 100000:
                    checks.append((f"peak RSS {src_ext}→{dst_ext} {n} ≤ 4× input", rss <= 4 * insize, f"{rss / insize:.1f}× input"))
                if have_ffmpeg and src_ext != "ttml":
                    d = os.path.join(OUT, f"ff-{n}.{src_ext}2.{dst_ext}")
                    t, rss, _, rc = median_run(["ffmpeg", "-v", "error", "-y", "-i", src, d], a.runs)
                    results.append(("ffmpeg", t, last_cpu, rss, count_cues(d) if rc == 0 else -1))
                    if n >= 100000:
                        checks.append((f"convert {src_ext}→{dst_ext} {n}: ≥10× faster than FFmpeg", t / ck_t >= 10, f"{t / ck_t:.1f}×"))
                if have_python_peers and n <= a.peer_max:
                    tools = ["pysubs2", "webvtt-py", "pycaption", "ttconv"] if src_ext != "ttml" else ["pysubs2", "pycaption", "ttconv"]
                    best = None
                    for tool in tools:
                        d = os.path.join(OUT, f"{tool}-{n}.{src_ext}2.{dst_ext}")
                        op = f"{src_ext}2{dst_ext}"
                        t, rss, _, rc = median_run([a.python, os.path.join(HERE, "peers.py"), tool, op, src, d], peer_runs(n))
                        results.append((tool, t, last_cpu, rss, count_cues(d) if rc == 0 and os.path.exists(d) else -1))
                        if rc == 0 and (best is None or t < best):
                            best = t
                    if src_ext == "ttml" and best and n >= 100000:
                        checks.append((f"convert ttml→vtt {n}: ≥10× faster than the fastest Python peer", best / ck_t >= 10, f"{best / ck_t:.1f}×"))
                for tool, t, cpu, rss, cues in results:
                    p(f"| {src_ext}→{dst_ext} | {n} | {tool} | {t:.3f} | {cpu:.3f} | {rss / 1e6:.0f} | {cues}{'' if cues == n else ' (!)'} | {t / ck_t:.1f}× |")
    # Whole-process validate. SRT and WebVTT are read cue by cue (the document is never held
    # whole); with lint on, memory also holds each cue's plain text (for baseline fingerprints)
    # and up to twice --max-diagnostics findings.
    if "validate" in sections:
        p("## Whole-process validate\n")
        p("| file | MB | seconds | peak RSS MB | RSS / input | `--no-lint` seconds | `--no-lint` peak RSS MB | findings listed |")
        p("|---|---|---|---|---|---|---|---|")
        for n in sizes:
            for ext in ("srt", "vtt"):
                f = os.path.join(data, f"cues-{n}.{ext}")
                size = os.path.getsize(f)
                t, rss, out, _ = median_run([ck, "validate", "--format", "json", f], a.runs, stdout=None)
                t2, rss2, _, _ = median_run([ck, "validate", "--no-lint", "--quiet", f], a.runs)
                try:
                    listed = len(json.loads(out)["files"][0]["diagnostics"])
                except Exception:
                    listed = -1
                p(f"| cues-{n}.{ext} | {size / 1e6:.1f} | {t:.3f} | {rss / 1e6:.0f} | {rss / size:.1f}× | {t2:.3f} | {rss2 / 1e6:.0f} | {listed} |")
                if n >= 1000000:
                    checks.append((f"validate {ext} {n}: peak RSS ≤ 4× input (streamed)", rss <= 4 * size, f"{rss / size:.1f}× input"))
        p("")
    # cat reference.
    p("")
    for n in sizes[-1:]:
        f = os.path.join(data, f"cues-{n}.srt")
        t, _, _, _ = median_run(["cat", f], a.runs)
        p(f"`cat cues-{n}.srt > /dev/null`: {t:.4f} s\n")

    p("## Targets\n")
    p("| target | met | measured |")
    p("|---|---|---|")
    for name, ok, detail in checks:
        p(f"| {name} | {'yes' if ok else '**NO**'} | {detail} |")
    with open(os.path.join(OUT, "report.md"), "w") as f:
        f.write("\n".join(lines) + "\n")


if __name__ == "__main__":
    main()
