#!/usr/bin/env bash
# Counts the instructions two builds execute per decision, with callgrind: the
# measure that a shared, noisy machine does not move (the clock of compare.sh moves
# ratios by ±25% between sittings; this moves by about 1%, from hash seeds).
#
#   engine/perf/instructions.sh OLD NEW [GE_GAMES] [SO_GAMES]
#
# OLD and NEW are checkouts, each playing its own packs with its own release binary
# (target/release/orrery), seeded random games, 4 seats, one thread. For each pack it
# prints the instructions inside `Game::act` and inside the whole game loop (acts,
# set-up and the fingerprint simulate takes), per decision, and their ratio. Needs
# valgrind (Debian package `valgrind`).
set -euo pipefail
old=$(cd "$1" && pwd) new=$(cd "$2" && pwd)
ge_games=${3:-3} so_games=${4:-6}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# measure SIDE PACK GAMES: "instructions_in_act instructions_in_games decisions" for one build.
measure() {
    local dir=$1 pack=$2 games=$3
    valgrind --tool=callgrind --callgrind-out-file="$tmp/cg" "$dir/target/release/orrery" --root "$dir" \
        simulate --pack "$pack" --players 4 --games "$games" --seed 1 --bots random --jobs 1 --json >"$tmp/out.json" 2>/dev/null
    local act games_total decisions
    callgrind_annotate --inclusive=yes "$tmp/cg" >"$tmp/annotated"
    act=$(awk '/Game::act \[/ {gsub(",", "", $1); print $1; exit}' "$tmp/annotated")
    games_total=$(awk '/sim::play_summary \[/ {gsub(",", "", $1); print $1; exit}' "$tmp/annotated")
    decisions=$(python3 -c 'import json, sys; print(json.load(open(sys.argv[1]))["decisions"])' "$tmp/out.json")
    echo "$act $games_total $decisions"
}

printf '%-14s %-8s %10s %14s %14s\n' pack build decisions "act/decision" "game/decision"
for run in "galactic-era $ge_games" "space-opera $so_games"; do
    set -- $run
    read -r oa og od < <(measure "$old" "$1" "$2")
    read -r na ng nd < <(measure "$new" "$1" "$2")
    python3 - "$1" "$oa" "$og" "$od" "$na" "$ng" "$nd" <<'PY'
import sys
pack, oa, og, od, na, ng, nd = sys.argv[1], *map(int, sys.argv[2:])
print(f"{pack:14} {'old':8} {od:10} {oa / od:14,.0f} {og / od:14,.0f}")
print(f"{pack:14} {'new':8} {nd:10} {na / nd:14,.0f} {ng / nd:14,.0f}")
print(f"{pack:14} {'old/new':8} {'':10} {(oa / od) / (na / nd):13.2f}x {(og / od) / (ng / nd):13.2f}x")
PY
done
