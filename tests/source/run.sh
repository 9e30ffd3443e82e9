#!/usr/bin/env bash
# The source's shape (tests/source/check_source.py, docs/dev/architecture.md "Rules the code
# keeps"): includes follow the layers, the rules core, the variant table and the search do no
# I/O, nothing mutable at file scope but the listed set-once tables, no source file past 800
# lines, no source names a docs page the repository does not have. First the checker itself, on a small tree with one breach of each rule: it must name
# every one (a checker that passes everything would pass the real tree too).
# Prints "source: N passed, N failed".
set -u
cd "$(dirname "$0")/../.."
. tests/lib.sh
scratch_dir source
checker=tests/source/check_source.py
fake=$tmp/tree
mkdir -p "$fake/engine" "$fake/search" "$fake/extra"
cat >"$fake/engine/bad.c" <<'C'
#include "../search/search.h"
#include "links.h"
static int counter;
static const char *name = "x";
static const char *const fixed = "y";
static const int TABLE[2] = {1, 2};
typedef struct { int a; } Thing;
static int helper(int a) { return a + counter; }
void report(void) { printf("%d\n", helper(1)); }
static void (*hook)(int);
static void (*const fixedHook)(int) = 0;
static const int *const fixedP = 0, *looseP;
C
cat >"$fake/search/long.c" <<'C'
/* a comment that says printf("not a call") and fopen; see docs/gone.md (a stale page) and
 * other/repo/notes.md (an outside source) */
static const char *const WORDS[] = {"stdout", "printf(x)"};
C
for i in $(seq 801); do echo "int f$i(void);" >>"$fake/search/long.c"; done
echo 'int x(void);' >"$fake/extra/new.c"
python3 "$checker" "$fake" >"$tmp/fake.out" 2>&1; rc=$?
check "the checker fails a tree with breaches (rc $rc)" [ $rc -eq 1 ]
expect() { # WHAT PATTERN: the checker's output on the fake tree has PATTERN
    check_eval 'grep -qE "$2" "$tmp/fake.out"' "the checker does not report $1: $(head -c 600 "$tmp/fake.out")"
}
expect "an include above the layer" '^FAIL: engine/bad.c includes above its layer: "../search/search.h" \(search/\)$'
expect "I/O in the rules core" '^FAIL: engine/bad.c does I/O .*: printf \(line 9\)$'
expect "mutable file-scope variables" '^FAIL: engine/bad.c has mutable file-scope state: counter \(line 3\), name \(line 4\), hook \(line 10\), looseP \(line 12\) '
expect "a file past 800 lines" '^FAIL: search/long.c has 804 lines'
expect "a folder outside the layers" '^FAIL: extra/ holds C code but has no place in the layers'
expect "a page the repository does not have" '^FAIL: search/long.c:1 names docs/gone.md, which the repository does not have$'
check_eval '! grep -q "search/long.c does I/O\|TABLE\|fixed\|Thing\|WORDS\|notes.md" "$tmp/fake.out"' \
    "the checker reports what is allowed (comments, strings, const tables, types): $(cat "$tmp/fake.out")"
# Then the repository itself.
python3 "$checker" . >"$tmp/real.out" 2>&1; rc=$?
check_eval '[ $rc -eq 0 ]' "the source breaks its rules: $(grep FAIL "$tmp/real.out" | head -n 20)"
check_eval 'grep -qE "^source: [0-9]{3,} passed, 0 failed$" "$tmp/real.out"' "the checker's count: $(tail -n 1 "$tmp/real.out")"
summary source
[ $fail -eq 0 ]
