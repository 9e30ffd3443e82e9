#!/usr/bin/env bash
# Opening book suite (issue 6). book_test's unit tests (round trip on tests/book/hand.pgn,
# two maps -> two keys, forced and reactive decisions, weighted reproducible choice, the file
# layout, corrupt/truncated/empty/foreign files refused, 400 damaged files, builder filters
# and temp-file safety, malformed games named by game and turn) from build/release and
# build/debug (ASan+UBSan); then the builder on a generated 10 000-game PGN: every game
# used, peak memory bounded, the same bytes from both builds, and a capped table.
set -u
cd "$(dirname "$0")/../.."
. tests/lib.sh
expect() { local what=$1; shift; if "$@"; then ok; else bad "$what"; fi; }

tmp=$(mktemp -d "${TMPDIR:-/tmp}/qec-book.XXXXXX")
trap 'rm -rf "$tmp"' EXIT

unit() {
    mkdir -p "$tmp/unit"
    run_program "$@" unit "$tmp/unit"
    rm -rf "$tmp/unit"
}

rel=build/release/tests/book_test dbg=build/debug/tests/book_test
unit -t 300 $rel
unit -o -t 300 $dbg

# 10 000 generated games (half default map, half 50 random maps), 10 to 30 turns each.
if [ -x $rel ]; then
    expect "generate 10000 games" $rel gen 10000 1 "$tmp/gen.pgn"
    games=$(grep -c '^\[Event' "$tmp/gen.pgn")
    expect "the PGN holds 10000 games ($games)" [ "$games" = 10000 ]
    for bin in $rel $dbg; do
        [ -x $bin ] || { skip_check "the builder on 10000 games under ASan+UBSan ($bin not built: make debug)"; continue; }
        out=$(timeout 300 $bin rss book build --pgn "$tmp/gen.pgn" --out "$tmp/$(basename $(dirname $(dirname $bin))).bin" 2>&1)
        rc=$?
        echo "$out" | grep -E '^book:|maxrss' | sed "s|^|  $bin: |"
        expect "$bin: build succeeds" [ $rc = 0 ]
        expect "$bin: all 10000 games used" grep -q '10000 games read, 10000 used, 0 malformed' <<<"$out"
        rss=$(sed -nE 's/^maxrss_kib ([0-9]+)$/\1/p' <<<"$out")
        # Sanitizer builds carry shadow memory; the bound is for the release build.
        limit=262144; [ $bin = $dbg ] && limit=1048576
        expect "$bin: peak memory ${rss:-?} KiB < $limit KiB" [ "${rss:-999999999}" -lt $limit ]
    done
    expect "book dump loads the 10000-game book" $rel rss book dump "$tmp/release.bin" --limit 3 >/dev/null
    # The records carry notation for people with each turn's token in a comment (R5.3,
    # docs/gui/record-format.md): the short form alone and the tokens alone (cut apart by sed and python, not
    # by our reader) give the builder the same book, byte for byte.
    sed -E 's/ ?\{[a-h][1-8][a-h][1-8][^}]*\}//g' "$tmp/gen.pgn" >"$tmp/short.pgn"
    python3 tests/book/tokens_only.py "$tmp/gen.pgn" >"$tmp/tokens.pgn"
    expect "the generated records have token comments and short-form moves" \
        eval 'grep -q "{[a-h][1-8][a-h][1-8]" "$tmp/gen.pgn" && ! grep -q "{" "$tmp/short.pgn" && grep -qE "^1\. ([a-h][1-8]|N[a-h][1-8]) " "$tmp/short.pgn"'
    for form in short tokens; do
        out=$($rel rss book build --pgn "$tmp/$form.pgn" --out "$tmp/$form.bin" 2>&1)
        expect "$form form: all 10000 games used, the same book" \
            eval 'grep -q "10000 games read, 10000 used, 0 malformed" <<<"$out" && cmp -s "$tmp/release.bin" "$tmp/$form.bin"'
    done
    if [ -x $dbg ]; then
        expect "release and debug builders write the same bytes" cmp -s "$tmp/release.bin" "$tmp/debug.bin"
    else
        skip_check "release and debug builders write the same bytes ($dbg not built: make debug)"
    fi
    # A table capped at 5000 pairs: new pairs are dropped, the book is still whole.
    out=$($rel rss book build --pgn "$tmp/gen.pgn" --out "$tmp/cap.bin" --max-entries 5000 2>&1)
    expect "capped table: 5000 entries written" grep -q '5000 distinct (key, decision) pairs, 5000 entries written' <<<"$out"
    expect "capped table: drops reported" grep -q 'occurrences of new pairs were dropped' <<<"$out"
    size=$(stat -c %s "$tmp/cap.bin")
    expect "capped book is 48 + 5000 * 24 bytes ($size)" [ "$size" = $((48 + 5000 * 24)) ]
    # The starter book still matches the engine's keys, and holds the first decision of the
    # first game of the PGN it was built from (a default-map game).
    first=$(awk '/^1\. /{ print $2; exit }' book/starter.pgn | sed 's/[[<].*//')
    out=$($rel rss book probe book/starter.bin 2>&1); rc=$?
    expect "book/starter.bin loads and has $first at the start (rc $rc)" grep -qE "^$first +weight" <<<"$out"
    # Command-line errors.
    $rel rss book build --pgn "$tmp/gen.pgn" >/dev/null 2>&1; rc=$?
    expect "build without --out: usage error (rc $rc)" [ $rc = 2 ]
    $rel rss book build --pgn "$tmp/gen.pgn" --out "$tmp/x.bin" --min-score 1.5 >/dev/null 2>&1; rc=$?
    expect "--min-score 1.5 refused (rc $rc)" [ $rc = 2 ]
    head -c 100 "$tmp/release.bin" >"$tmp/short.bin"
    err=$($rel rss book dump "$tmp/short.bin" 2>&1 >/dev/null); rc=$?
    expect "dump of a truncated book: rc 1 and a message ($err)" [ $rc = 1 -a -n "$err" ]
fi

# Schroedinger has no book (book/book.h): its keys would need the set of consistent worlds
# (S1.2). The builder skips schroedinger records with that reason and still builds from the
# other games; qec with OwnBook on says so once per `go` in schroedinger and searches.
if [ -x $rel ]; then
    { cat tests/book/hand.pgn; printf '\n'
      printf '[Event "h"]\n[White "a"]\n[Black "b"]\n[Result "1/2-1/2"]\n[Variant "Schroedinger"]\n[Termination "adjudication"]\n\n1. b1c3 g8f6 2. e2e4 1/2-1/2\n\n'
    } >"$tmp/mixed.pgn"
    out=$($rel rss book build --pgn tests/book/hand.pgn --out "$tmp/hand.bin" 2>&1)
    used=$(sed -nE 's/^book: ([0-9]+) games read, ([0-9]+) used.*/\2/p' <<<"$out")
    out=$($rel rss book build --pgn "$tmp/mixed.pgn" --out "$tmp/mixed.bin" 2>&1); rc=$?
    expect "schroedinger record in a book build: skipped with the reason ($rc)" \
        eval '[ $rc = 0 ] && grep -q "a schroedinger game: book keys (board, links, turn) do not cover its positions, so schroedinger has no book" <<<"$out"'
    expect "schroedinger record in a book build: the other games still used (${used:-?})" \
        eval '[ -n "$used" ] && grep -qE "^book: [0-9]+ games read, $used used, 1 malformed" <<<"$out"'
fi
if [ -x ./qec ]; then
    out=$(printf '%s\n' uci "setoption name BookFile value book/starter.bin" "setoption name OwnBook value true" \
        "setoption name UCI_Variant value schroedinger" "position startpos" "go nodes 200" isready quit | timeout 60 ./qec)
    errs=$(grep -c "^info string error: OwnBook: no book in schroedinger" <<<"$out")
    # a bestmove, with its ponder move when the search got deep enough before quit stopped it
    expect "qec OwnBook in schroedinger: one error line, no book move, a legal bestmove" \
        eval '[ "$errs" = 1 ] && ! grep -q "^info string book " <<<"$out" && grep -qE "^bestmove ([a-h][1-8]){2}( ponder ([a-h][1-8]){2})?$" <<<"$out"'
    out=$(printf '%s\n' uci "setoption name BookFile value book/starter.bin" "setoption name OwnBook value true" \
        "position startpos" "go nodes 200" isready quit | timeout 60 ./qec)
    expect "qec OwnBook in qec: still answers from the book" grep -q "^info string book " <<<"$out"
else
    bad "./qec not built (make all)"
fi

summary book
[ "$fail" -eq 0 ]
