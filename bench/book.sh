#!/usr/bin/env bash
# Opening book: self-play games -> book/starter.bin -> book vs no-book match (issue 6).
#
#   bench/book.sh selfplay   qec vs qec games: DEFAULT_GAMES on the default map (RULES R1.4)
#                            and MAPS random maps (`random SEED+i`) x 2 colours -> $PGN
#   bench/book.sh build      $PGN -> book/starter.bin (the command is printed)
#   bench/book.sh bench      BENCH_GAMES/2 games on the default map + BENCH_GAMES/2 on the
#                            book's random maps (colours swapped per pair): qec through
#                            book_proxy with the book vs qec through book_proxy without;
#                            score, and the time each side spent in the first DEPTH turns
#   bench/book.sh option     the same match, but the book side is plain qec with
#                            `setoption OwnBook true` and `BookFile $BOOK` (the engine's own
#                            book code end to end; no decision-time log)
#   bench/book.sh all        selfplay, build and bench in order
#
# Environment (defaults in brackets): TC [st=0.05 timemargin=300], CONCURRENCY [2],
# DEFAULT_GAMES [100], MAPS [50], SEED [1000], BENCH_GAMES [200], DEPTH [12],
# PGN [book/starter.pgn], BOOK [book/starter.bin], OUT [build/bench-book].
# book_proxy (tools/book_proxy.c) answers `go` from the book exactly as the engine's
# OwnBook option does (book_choose while book_turn < BookDepth) and logs decision times,
# so the benchmark runs the same engine binary on both sides.
set -euo pipefail
cd "$(dirname "$0")/.."

TC=${TC:-st=0.05 timemargin=300}
CONCURRENCY=${CONCURRENCY:-2}
DEFAULT_GAMES=${DEFAULT_GAMES:-100}
MAPS=${MAPS:-50}
SEED=${SEED:-1000}
BENCH_GAMES=${BENCH_GAMES:-200}
DEPTH=${DEPTH:-12}
PGN=${PGN:-book/starter.pgn}
BOOK=${BOOK:-book/starter.bin}
OUT=${OUT:-build/bench-book}
ADJ=(-resign movecount=3 score=700 -draw movenumber=40 movecount=8 score=10 -maxmoves 150)

mkdir -p "$OUT"
make -s -j2 qec qecmatch build/release/tools/book_proxy build/release/tests/book_test >/dev/null
# Snapshots: the tree is rebuilt while this runs for minutes; every game uses the same binaries.
cp qec "$OUT/qec"; cp qecmatch "$OUT/qecmatch"; cp build/release/tools/book_proxy "$OUT/book_proxy"
QEC="$OUT/qec" MATCH="$OUT/qecmatch"

# `qec book …` once uci/ dispatches to book_cli; until then the same book_cli through the
# test program.
book_cmd() {
    if ./qec book help 2>/dev/null | grep -q '^usage: qec book'; then
        ./qec book "$@"
    else
        build/release/tests/book_test rss book "$@" | grep -v '^maxrss'
    fi
}

selfplay() {
    local tmp="$OUT/selfplay.pgn"
    rm -f "$tmp"
    echo "== self-play: $DEFAULT_GAMES games, default map ($TC)"
    $MATCH -engine cmd=$QEC name=qec1 -engine cmd=$QEC name=qec2 -each $TC -games "$DEFAULT_GAMES" \
        -repeat -concurrency "$CONCURRENCY" "${ADJ[@]}" -event "qec self-play (book)" -pgnout "$tmp" | tail -n 4
    echo "== self-play: $MAPS random maps x 2 colours ($TC)"
    $MATCH -engine cmd=$QEC name=qec1 -engine cmd=$QEC name=qec2 -each $TC -games $((2 * MAPS)) \
        -repeat -openings random seed="$SEED" plies=0 -concurrency "$CONCURRENCY" "${ADJ[@]}" \
        -event "qec self-play (book)" -pgnout "$tmp" | tail -n 4
    mv "$tmp" "$PGN"
    echo "games: $(grep -c '^\[Event' "$PGN") in $PGN"
}

build() {
    echo "== qec book build --pgn $PGN --out $BOOK --max-turns $DEPTH --min-games 1"
    book_cmd build --pgn "$PGN" --out "$BOOK" --max-turns "$DEPTH" --min-games 1
}

# Sum and count of the logged decision times of one side: "<sum ms> <searched> <book>".
times() {
    awk '{ if ($3 == "book") b++; else { s++; t += $4 } } END { printf "%.0f %d %d\n", t / 1000, s, b }' "$1"
}

bench() {
    local proxy=$OUT/book_proxy half=$((BENCH_GAMES / 2))
    rm -f "$OUT"/log-*.txt "$OUT"/bench-*.txt
    local with="$proxy --engine $QEC --book $BOOK --depth $DEPTH --log $OUT/log-book.txt"
    local without="$proxy --engine $QEC --depth $DEPTH --log $OUT/log-nobook.txt"
    echo "== book vs no-book: $half games on the default map, $half on random maps $SEED.. ($TC)"
    $MATCH -engine cmd="$with" name=book -engine cmd="$without" name=nobook -each $TC -games "$half" -repeat \
        -concurrency "$CONCURRENCY" "${ADJ[@]}" -pgnout "$OUT/bench.pgn" >"$OUT/bench-default.txt"
    $MATCH -engine cmd="$with" name=book -engine cmd="$without" name=nobook -each $TC -games "$half" -repeat \
        -openings random seed="$SEED" plies=0 -concurrency "$CONCURRENCY" "${ADJ[@]}" -pgnout "$OUT/bench.pgn" \
        >"$OUT/bench-maps.txt"
    for part in default maps; do
        echo "-- $part: $(grep '^Score of' "$OUT/bench-$part.txt" | tail -n 1)"
    done
    read -r bt bs bb < <(times "$OUT/log-book.txt")
    read -r nt ns nb < <(times "$OUT/log-nobook.txt")
    local games=$(grep -c '^\[Event' "$OUT/bench.pgn")
    echo "-- first $DEPTH turns, $games games: with the book $bb decisions from the book, $bs searched, ${bt} ms searching;"
    echo "   without: $ns searched, ${nt} ms searching; saved $((nt - bt)) ms in all, $(((nt - bt) / (games > 0 ? games : 1))) ms per game"
}

# The book through the engine's own options: score only.
option() {
    local half=$((BENCH_GAMES / 2)) book=(option.OwnBook=true "option.BookFile=$BOOK" "option.BookDepth=$DEPTH")
    echo "== OwnBook vs no book: $half games on the default map, $half on random maps $SEED.. ($TC)"
    $MATCH -engine cmd=$QEC name=book "${book[@]}" -engine cmd=$QEC name=nobook -each $TC -games "$half" -repeat \
        -concurrency "$CONCURRENCY" "${ADJ[@]}" >"$OUT/option-default.txt"
    $MATCH -engine cmd=$QEC name=book "${book[@]}" -engine cmd=$QEC name=nobook -each $TC -games "$half" -repeat \
        -openings random seed="$SEED" plies=0 -concurrency "$CONCURRENCY" "${ADJ[@]}" >"$OUT/option-maps.txt"
    for part in default maps; do
        echo "-- $part: $(grep '^Score of' "$OUT/option-$part.txt" | tail -n 1)"
    done
}

case "${1:-all}" in
selfplay) selfplay ;;
build) build ;;
bench) bench ;;
option) option ;;
all) selfplay; build; bench ;;
*) echo "usage: bench/book.sh selfplay|build|bench|option|all" >&2; exit 2 ;;
esac
