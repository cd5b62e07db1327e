#!/usr/bin/env bash
# Shows that two builds of orrery play the same games: for seeded random games of
# each pack, the choices, outcome and final state of every game (the `fingerprints`
# of `simulate --json`) must be identical.
#
#   engine/perf/same-games.sh OLD NEW [GAMES]
#
# OLD and NEW are checkouts (each plays with its own binary, target/release/orrery,
# and its own packs, so a change to the packs' scripts is compared too) or orrery
# binaries (both then play the packs of this checkout). Build the old one from the
# commit a change starts from, e.g.
#   git worktree add /tmp/base <rev> && (cd /tmp/base && cargo build --release)
#   engine/perf/same-games.sh /tmp/base .
# Exit 0 when every game matches; otherwise the first differing games are listed.
set -euo pipefail
old=$1 new=$2 games=${3:-200}
root=$(cd "$(dirname "$0")/../.." && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
status=0
for run in "galactic-era 4" "space-opera 4"; do
    set -- $run
    for side in old new; do
        bin=${!side} dir=$root
        if [ -d "$bin" ]; then
            dir=$(cd "$bin" && pwd) bin=$dir/target/release/orrery
        fi
        "$bin" --root "$dir" simulate --pack "$1" --players "$2" --games "$games" --seed 1 --bots random --jobs 1 --json >"$tmp/$side.json"
    done
    if python3 - "$tmp/old.json" "$tmp/new.json" "$1" <<'PY'
import json, sys
old, new = (json.load(open(p))["fingerprints"] for p in sys.argv[1:3])
pack = sys.argv[3]
if len(old) != len(new):
    sys.exit(f"{pack}: {len(old)} games against {len(new)}")
same = lambda a, b, keys: all(a[k] == b[k] for k in keys)
games = sum(same(a, b, ["choices", "outcome"]) for a, b in zip(old, new))
states = sum(same(a, b, ["state"]) for a, b in zip(old, new))
print(f"{pack}: {len(old)} games; same choices and outcome: {games}; same final state: {states}")
bad = [a["seed"] for a, b in zip(old, new) if not same(a, b, ["choices", "outcome"])]
if bad:
    sys.exit(f"{pack}: games differ, seeds {bad[:10]}")
PY
    then :; else status=1; fi
done
exit $status
