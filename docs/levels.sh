#!/usr/bin/env bash
# Plays the level matches behind docs/levels.md and prints one line of
# results per match (the input of docs/levels-fit.py):
#   HI LO GAMES W D L P0 P1 P2 P3 P4
# W D L are HI's wins, draws and losses; P0..P4 count the opening pairs
# (each opening played with both colours) in which HI scored 0, 1/2, 1,
# 3/2, 2 points. Level 10 is `towers gt engine` at full strength.
#
#   docs/levels.sh TOWERS MOVETIME_MS HI:LO:GAMES [HI:LO:GAMES ...]
#   docs/levels.sh target/release/towers 500 2:1:400 10:9:200 >> results.tsv
#
# Each level gets a seed of its own per match (Seed = 100*HI + LO, and
# 100*LO + HI), so its deliberate mistakes are not those of another match.
# Games are played one at a time; set RECORDS=DIR to keep every game
# (docs/game-record.md) and ARENA_ARGS for more `towers arena` options.
set -euo pipefail
towers=$(realpath "$1")
movetime=$2
shift 2
engine() { # NAME LEVEL
    if [ "$2" = 10 ]; then echo "$1=$towers gt engine"; else echo "$1=$towers gt engine --level $2"; fi
}
for match in "$@"; do
    IFS=: read -r hi lo games <<<"$match"
    record=()
    if [ -n "${RECORDS:-}" ]; then
        mkdir -p "$RECORDS"
        record=(--record "$RECORDS/L$hi-L$lo.txt")
    fi
    out=$("$towers" arena --engine "$(engine "L$hi" "$hi")" --engine "$(engine "L$lo" "$lo")" \
        --option "L$hi.Seed=$((100 * hi + lo))" --option "L$lo.Seed=$((100 * lo + hi))" \
        --games "$games" --movetime "$movetime" --concurrency 1 "${record[@]}" ${ARENA_ARGS:-})
    echo "$out" >&2
    wdl=$(echo "$out" | sed -n 's/.*Games \([0-9]*\): W \([0-9]*\) D \([0-9]*\) L \([0-9]*\).*/\1 \2 \3 \4/p')
    pairs=$(echo "$out" | sed -n 's/.*points): \[\(.*\)\].*/\1/p' | tr -d ,)
    echo "$hi $lo $wdl $pairs"
done
