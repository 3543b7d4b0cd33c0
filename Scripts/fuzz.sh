#!/usr/bin/env bash
# Builds and runs the libFuzzer harnesses in Fuzz/Harnesses.
#
# Usage:
#   Scripts/fuzz.sh list                         harnesses and the modules each needs
#   Scripts/fuzz.sh summary                      totals per harness from results.tsv (Markdown)
#   Scripts/fuzz.sh HARNESS [--runs N | --seconds S] [-- LIBFUZZER_ARGS...]
#   Scripts/fuzz.sh all     [--runs N | --seconds S]   each harness in turn, never two at once
#   Scripts/fuzz.sh HARNESS --build-only
#   Scripts/fuzz.sh HARNESS --repro FILE...      run the harness once on each file
#   Scripts/fuzz.sh HARNESS --minimize FILE      shrink a crashing input (writes FILE.min)
#
# How it builds. SwiftPM cannot build a library for libFuzzer by itself (`swift build
# -Xswiftc -sanitize=fuzzer` also instruments the executables, whose `main` then clashes with
# libFuzzer's), so this script compiles each package module with swiftc directly:
#   1. `swift package describe --type json` gives every target's sources and dependencies, so
#      the script follows Package.swift without repeating it.
#   2. Each module a harness needs (header line `// fuzz-modules:`) and everything it depends on
#      is compiled in dependency order, whole-module, with
#      `-sanitize=fuzzer,address -O -g -enable-testing`, into one object file and a
#      .swiftmodule under $FUZZ_BUILD_DIR (default .build/fuzz). A module is rebuilt only when
#      its sources, its dependencies or the flags change (a content hash stamp).
#      System-library targets (CFFmpeg) contribute `-I <dir>` for their module map and `-l` for
#      each `link` line in it.
#   3. The harness (`@_cdecl("LLVMFuzzerTestOneInput")`, compiled with `-parse-as-library`)
#      plus Fuzz/Support/*.swift is linked against those objects; libFuzzer supplies `main`.
#
# How it runs. Seeds are copied (never into the repository) from Tests, Samples and
# /work/shared/corpus (FUZZ_CORPUS to override; a harness may name other folders in
# `// fuzz-seed-dirs:`), by the file extensions it lists in `// fuzz-seeds:`, into
# $FUZZ_BUILD_DIR/seeds/HARNESS, plus any inline `// fuzz-seed:` lines (printf %b escapes). The growing corpus is kept in
# $FUZZ_BUILD_DIR/corpus/HARNESS between runs; crashes, timeouts, leaks and OOMs are written
# to $FUZZ_BUILD_DIR/artifacts/HARNESS. Options: -timeout=1 (one input over a second is a bug;
# the timeout is wall-clock, so on a machine shared with builds set FUZZ_TIMEOUT=5 and check
# each timeout artifact's CPU time with --repro under /usr/bin/time),
# -rss_limit_mb=2048, -max_len from `// fuzz-max-len:` (default 65536), a dictionary from
# `// fuzz-dict:` (Fuzz/Dictionaries). The fuzzer runs under `nice`. Every run appends one line
# to $FUZZ_BUILD_DIR/results.tsv: harness, date, executions, seconds, exec/s, new crash files.
#
# LeakSanitizer is part of the toolchain's ASan runtime on x86_64 Linux; nothing extra is needed.
set -euo pipefail

ROOT="${FUZZ_ROOT:-$(cd "$(dirname "$0")/.." && pwd)}"
B="${FUZZ_BUILD_DIR:-$ROOT/.build/fuzz}"
CORPUS_ROOT="${FUZZ_CORPUS:-/work/shared/corpus}"
SWIFTC="${SWIFTC:-swiftc}"
MODFLAGS=(-sanitize=fuzzer,address -O -g -enable-testing -swift-version 6 -parse-as-library -wmo -package-name captionkit)  # `package` declarations need the package name SwiftPM would pass
HDIR="$ROOT/Fuzz/Harnesses"

# Swift's own crash backtracer would catch the trap first and fight ASan; libFuzzer must see it.
export SWIFT_BACKTRACE=enable=no

die() { echo "fuzz.sh: $*" >&2; exit 2; }

header() { # header FILE KEY -> value of "// KEY: value"
  sed -n "s|^// $2: *||p" "$1" | head -1
}

describe() {
  mkdir -p "$B"
  # Refreshed when Package.swift changes and when a source file is added or removed (its folder's
  # modification time changes); a stale list once left out a new file and the module failed to build.
  if [[ ! -f "$B/describe.json" || "$ROOT/Package.swift" -nt "$B/describe.json" \
    || -n "$(find "$ROOT/Sources" -type d -newer "$B/describe.json" -print -quit)" ]]; then
    (cd "$ROOT" && swift package describe --type json) > "$B/describe.json.tmp"
    mv "$B/describe.json.tmp" "$B/describe.json"
  fi
}

# Prints, one per line and in build order, "NAME<TAB>KIND<TAB>PATH<TAB>SOURCES(space-separated)"
# for the given modules and their transitive dependencies.
plan() {
  python3 - "$B/describe.json" "$ROOT" "$@" <<'PY'
import json, sys, os
desc, root, wanted = sys.argv[1], sys.argv[2], sys.argv[3:]
targets = {t["name"]: t for t in json.load(open(desc))["targets"]}
order, seen = [], set()
def visit(n):
    if n in seen: return
    if n not in targets: sys.exit(f"fuzz.sh: no target named {n} in Package.swift")
    seen.add(n)
    for d in targets[n].get("target_dependencies", []): visit(d)
    order.append(n)
for w in wanted: visit(w)
for n in order:
    t = targets[n]
    kind = "system" if t.get("module_type") == "SystemLibraryTarget" else ("swift" if t.get("module_type") == "SwiftTarget" else t.get("module_type"))
    srcs = " ".join(os.path.join(root, t["path"], s) for s in t.get("sources", []) if s.endswith(".swift"))
    print(f"{n}\t{kind}\t{os.path.join(root, t['path'])}\t{srcs}")
PY
}

INCS=() LIBS=() OBJS=()

build_modules() { # build_modules MODULE...
  describe
  local plan_out
  plan_out="$(plan "$@")" || exit 2
  mkdir -p "$B/mods"
  INCS=(-I "$B/mods") LIBS=() OBJS=()
  local depstamp=""
  while IFS=$'\t' read -r name kind path srcs; do
    case "$kind" in
      system)
        INCS+=(-I "$path")
        # `swift package describe` omits pkgConfig; read it from Package.swift so that headers
        # outside the default paths (libxml2's -I/usr/include/libxml2) are found.
        local pc
        pc="$(sed -n 's/.*name: *"'"$name"'", *pkgConfig: *"\([^"]*\)".*/\1/p' "$ROOT/Package.swift" | head -1)"
        if [[ -n "$pc" ]] && command -v pkg-config > /dev/null; then
          for f in $(pkg-config --cflags-only-I "$pc" 2> /dev/null); do INCS+=(-Xcc "$f"); done
        fi
        while read -r lib; do LIBS+=("-l$lib"); done < <(sed -n 's/.*link *"\([^"]*\)".*/\1/p' "$path/module.modulemap")
        depstamp+="sys:$name;"
        continue ;;
      swift) ;;
      *) die "target $name is a $kind target; only Swift and system-library targets are supported" ;;
    esac
    # shellcheck disable=SC2086
    local stamp
    stamp="$( { echo "${MODFLAGS[*]} ${INCS[*]} $depstamp"; cat $srcs; } | sha256sum | cut -c1-16)"
    if [[ "$(cat "$B/mods/$name.stamp" 2>/dev/null)" != "$stamp" ]]; then
      echo "fuzz.sh: compiling $name" >&2
      local rc=0
      # shellcheck disable=SC2086
      "$SWIFTC" "${MODFLAGS[@]}" "${INCS[@]}" -module-name "$name" \
        -emit-module -emit-module-path "$B/mods/$name.swiftmodule" \
        -c -o "$B/mods/$name.o" $srcs > "$B/mods/$name.log" 2>&1 || rc=$?
      grep -v -E 'ld.gold: warning|^$' "$B/mods/$name.log" >&2 || true
      [[ $rc -eq 0 ]] || die "compiling $name failed"
      echo "$stamp" > "$B/mods/$name.stamp"
    fi
    depstamp+="$name:$stamp;"
    OBJS+=("$B/mods/$name.o")
  done <<< "$plan_out"
  MODSTAMP="$depstamp"
}

build_harness() { # build_harness NAME -> path of the binary
  local h="$1" src="$HDIR/$1.swift"
  [[ -f "$src" ]] || die "no harness $src (try: Scripts/fuzz.sh list)"
  local mods
  mods="$(header "$src" fuzz-modules)"
  [[ -n "$mods" ]] || die "$src has no '// fuzz-modules:' line"
  # shellcheck disable=SC2086
  build_modules $mods
  mkdir -p "$B/bin"
  local bin="$B/bin/$h" stamp
  stamp="$( { echo "$MODSTAMP ${LIBS[*]}"; cat "$src" "$ROOT"/Fuzz/Support/*.swift; } | sha256sum | cut -c1-16)"
  if [[ ! -x "$bin" || "$(cat "$bin.stamp" 2>/dev/null)" != "$stamp" ]]; then
    echo "fuzz.sh: linking $h" >&2
    rm -f "$bin"
    local rc=0
    "$SWIFTC" -sanitize=fuzzer,address -O -g -swift-version 6 -parse-as-library -use-ld=lld \
      "${INCS[@]}" -module-name "Fuzz_${h//-/_}" "$src" "$ROOT"/Fuzz/Support/*.swift "${OBJS[@]}" "${LIBS[@]}" \
      -o "$bin" > "$bin.log" 2>&1 || rc=$?
    grep -v -E 'warning: Cannot export local symbol|^$' "$bin.log" >&2 || true
    [[ $rc -eq 0 && -x "$bin" ]] || die "linking $h failed"
    echo "$stamp" > "$bin.stamp"
  fi
  BIN="$bin"
}

collect_seeds() { # collect_seeds NAME -> seed dir
  local h="$1" src="$HDIR/$1.swift" exts dir
  exts="$(header "$src" fuzz-seeds)"
  dir="$B/seeds/$h"
  mkdir -p "$dir"
  local roots=() wanted
  # `// fuzz-seed-dirs:` (relative to the repository) replaces the default places.
  wanted="$(header "$src" fuzz-seed-dirs)"
  [[ -n "$wanted" ]] || wanted="Tests Samples $CORPUS_ROOT"
  for r in $wanted; do
    [[ "$r" == /* ]] || r="$ROOT/$r"
    [[ -d "$r" ]] && roots+=("$r")
  done
  local n=0
  # Copying thousands of seeds costs a minute on a busy machine: do it once (delete the folder
  # to refresh it).
  if [[ -f "$dir/.collected" ]]; then
    echo "fuzz.sh: $h: $(ls "$dir" | wc -l) seeds (collected earlier)" >&2
    SEEDS="$dir"
    return
  fi
  if [[ ${#roots[@]} -gt 0 ]]; then
    for e in $exts; do
      while IFS= read -r -d '' f; do
        cp -f "$f" "$dir/$(sha1sum < "$f" | cut -c1-16).$e"
        n=$((n + 1))
      done < <(find "${roots[@]}" -type f -iname "*.$e" -size -1024k -print0 2>/dev/null)
    done
  fi
  # Seeds written inline by the harness header (`// fuzz-seed: text`), for formats with no files.
  local i=0
  while IFS= read -r line; do
    printf '%b' "$line" > "$dir/inline-$i"; i=$((i + 1))
  done < <(sed -n 's|^// fuzz-seed: ||p' "$src")
  touch "$dir/.collected"
  echo "fuzz.sh: $h: $(ls "$dir" | wc -l) seeds ($n files found for: ${exts:-none})" >&2
  SEEDS="$dir"
}

fuzz_args() { # fuzz_args NAME -> FARGS
  local h="$1" src="$HDIR/$1.swift" maxlen dict
  maxlen="$(header "$src" fuzz-max-len)"
  dict="$(header "$src" fuzz-dict)"
  FARGS=(-max_len="${maxlen:-65536}" -timeout="${FUZZ_TIMEOUT:-1}" -rss_limit_mb=2048 -print_final_stats=1
         -artifact_prefix="$B/artifacts/$h/")
  [[ -n "$dict" ]] && FARGS+=(-dict="$ROOT/Fuzz/Dictionaries/$dict")
  mkdir -p "$B/artifacts/$h"
}

run_one() { # run_one NAME LIMIT-ARG EXTRA...
  local h="$1" limit="$2"; shift 2
  build_harness "$h"
  collect_seeds "$h"
  fuzz_args "$h"
  mkdir -p "$B/corpus/$h" "$B/logs"
  local log="$B/logs/$h-$(date -u +%Y%m%dT%H%M%S).log"
  local before after start end
  before="$(ls "$B/artifacts/$h" | wc -l)"
  start=$(date +%s.%N)
  echo "fuzz.sh: running $h ($limit), log $log" >&2
  set +e
  (cd "$B/artifacts/$h" && nice -n 10 "$BIN" "$B/corpus/$h" "$SEEDS" "${FARGS[@]}" "$limit" "$@") > "$log" 2>&1
  local rc=$?
  set -e
  end=$(date +%s.%N)
  after="$(ls "$B/artifacts/$h" | wc -l)"
  local execs secs rate
  execs="$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)"
  secs="$(python3 -c "print(f'{$end-$start:.0f}')")"
  rate="$(python3 -c "print(int(${execs:-0}/max($end-$start,1e-9)))")"
  printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$h" "$(date -u +%FT%TZ)" "${execs:-0}" "$secs" "$rate" \
    "$((after - before))" "$rc" >> "$B/results.tsv"
  echo "fuzz.sh: $h: ${execs:-0} executions in ${secs}s (${rate}/s), $((after - before)) new artifacts, exit $rc" >&2
  if [[ $rc -ne 0 ]]; then
    grep -E 'ERROR: (libFuzzer|AddressSanitizer|LeakSanitizer)|SUMMARY|Fatal error|artifact_prefix|Test unit written' "$log" | head -8 >&2
  fi
  return 0
}

cmd="${1:-}"; [[ -n "$cmd" ]] || { sed -n '2,12p' "$0"; exit 2; }
shift
case "$cmd" in
  list)
    for f in "$HDIR"/*.swift; do
      printf '%-18s %s\n' "$(basename "$f" .swift)" "$(header "$f" fuzz-modules)"
    done
    exit 0 ;;
  summary) # totals per harness from results.tsv, as a Markdown table
    python3 - "$B/results.tsv" <<'PY'
import sys, collections
t = collections.OrderedDict()
for line in open(sys.argv[1]):
    f = line.rstrip("\n").split("\t")
    if len(f) < 7: continue
    h, _, ex, secs, _, art, rc = f[:7]
    r = t.setdefault(h, [0, 0, 0, 0, 0])
    r[0] += 1; r[1] += int(ex); r[2] += int(secs); r[3] += int(art); r[4] += (rc != "0")
print("| harness | runs | executions | seconds | exec/s | crash/timeout/leak files | runs ended by a finding |")
print("|---|---|---|---|---|---|---|")
for h, (n, ex, secs, art, bad) in sorted(t.items()):
    print(f"| {h} | {n} | {ex:,} | {secs} | {ex // max(secs, 1):,} | {art} | {bad} |")
PY
    exit 0 ;;
  all) harnesses=$(for f in "$HDIR"/*.swift; do basename "$f" .swift; done) ;;
  *) harnesses="$cmd" ;;
esac

limit="-runs=100000" mode=run files=()
while [[ $# -gt 0 ]]; do
  case "$1" in
    --runs) limit="-runs=$2"; shift 2 ;;
    --seconds) limit="-max_total_time=$2"; shift 2 ;;
    --build-only) mode=build; shift ;;
    --repro) mode=repro; shift; while [[ $# -gt 0 && "$1" != --* ]]; do files+=("$1"); shift; done ;;
    --minimize) mode=minimize; files+=("$2"); shift 2 ;;
    --) shift; break ;;
    *) die "unknown option $1" ;;
  esac
done

for h in $harnesses; do
  case "$mode" in
    build) build_harness "$h"; echo "$BIN" ;;
    repro)
      build_harness "$h"; fuzz_args "$h"
      "$BIN" "${FARGS[@]}" -runs=1 "${files[@]}" ;;
    minimize)
      build_harness "$h"; fuzz_args "$h"
      "$BIN" "${FARGS[@]}" -minimize_crash=1 -runs=20000 -exact_artifact_path="${files[0]}.min" "${files[0]}" || true
      ls -l "${files[0]}.min" ;;
    run) run_one "$h" "$limit" "$@" ;;
  esac
done
