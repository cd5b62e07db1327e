#!/usr/bin/env bash
# Compares the speed of two builds side by side on one core: random play of each
# pack (decisions per second) and, with --ismcts, a game of ISMCTS bots at a fixed
# iteration budget (the same seeds, so the same positions and iterations on both).
#
#   engine/perf/compare.sh OLD NEW [--rounds N] [--games N] [--ismcts]
#
# OLD and NEW are checkouts, each playing its own packs with its own release
# binary (target/release/orrery). The runs alternate OLD, NEW, OLD, NEW... in one
# sitting, so a noisy machine slows both alike; the medians and their ratio are
# printed. `--games N` plays N Galactic Era and 3N Space Opera games a run (default
# 20): longer runs of the faster build average out more of the machine's noise. `simulate` is used (not `bench`) so that a build from before `bench`
# existed can be compared; its seconds include creating the script VM once. Builds
# whose `simulate --json` reports `kernel_decisions_per_second` also get a "kernel
# only" row (a baseline needs that field patched in to be compared on it).
# Before quoting a speed-up, check that both play the same games:
# engine/perf/same-games.sh OLD NEW.
set -euo pipefail
old=$(cd "$1" && pwd) new=$(cd "$2" && pwd)
shift 2
rounds=3 ismcts=0 games=20
while [ $# -gt 0 ]; do
    case $1 in
        --rounds) rounds=$2; shift 2 ;;
        --games) games=$2; shift 2 ;;
        --ismcts) ismcts=1; shift ;;
        *) echo "unknown argument $1" >&2; exit 2 ;;
    esac
done
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# run LABEL ARGS...: one timed simulate per build and round, "label build rate" lines.
run() {
    local label=$1; shift
    for round in $(seq "$rounds"); do
        for side in old new; do
            local dir=${!side}
            taskset -c 0 "$dir/target/release/orrery" --root "$dir" simulate "$@" --seed 1 --jobs 1 --json >"$tmp/out.json"
            python3 - "$tmp/out.json" "$label" "$side" >>"$tmp/rates" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
if d["errors"]:
    sys.exit(f"{sys.argv[2]} ({sys.argv[3]}): {d['errors']} games failed: {d['error_messages'][:1]}")
print(sys.argv[2], sys.argv[3], d["decisions"] / d["seconds"])
# The kernel's own rate (game creation and acts), where the build reports it.
if "kernel_decisions_per_second" in d:
    print(sys.argv[2] + " (kernel only)", sys.argv[3], d["kernel_decisions_per_second"])
PY
        done
    done
}

run "galactic-era 4 seats, random" --pack galactic-era --players 4 --games "$games" --bots random
run "space-opera 4 seats, random" --pack space-opera --players 4 --games $((3 * games)) --bots random
if [ "$ismcts" = 1 ]; then
    run "galactic-era 4 seats, ismcts 10 iterations" --pack galactic-era --players 4 --games 1 --bots ismcts --iterations 10
fi
python3 - "$tmp/rates" <<'PY'
import statistics, sys
rates = {}
for line in open(sys.argv[1]):
    *label, side, rate = line.split()
    rates.setdefault(" ".join(label), {}).setdefault(side, []).append(float(rate))
print(f"{'decisions/s, median of runs':44} {'old':>9} {'new':>9} {'new/old':>8}")
for label, sides in rates.items():
    if "old" not in sides or "new" not in sides:
        continue  # a row only one build reports
    old, new = statistics.median(sides["old"]), statistics.median(sides["new"])
    print(f"{label:44} {old:9.0f} {new:9.0f} {new / old:7.2f}x")
PY
