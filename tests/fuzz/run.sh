#!/usr/bin/env bash
# The fuzz suite (docs/testers/fuzzing.md): builds every libFuzzer target tests/fuzz/fuzz_*.c
# with clang (ASan+UBSan, `make fuzz-progs`) and runs each from its seeds
# (tests/fuzz/seeds/<target>/, every seed is run first) for a bounded number of inputs. A target
# passes when it ends without a crash, a sanitizer report, a hang or a leak. The run counts
# below keep the whole run near a minute and a half on two cores (measured rates in the doc).
# Without clang's libFuzzer every target is skipped.
#   bash tests/fuzz/run.sh [target …]   all targets when none are named
#   FUZZ_SEED=N    libFuzzer's random seed (default 1: the same inputs on every run)
#   FUZZ_SCALE=N   multiply every run count by N
set -u
cd "$(dirname "$0")/../.."
pass=0 fail=0 skip=0
SEED=${FUZZ_SEED:-1}
SCALE=${FUZZ_SCALE:-1}
targets=${*:-$(ls tests/fuzz/fuzz_*.c | xargs -n1 basename | sed 's/\.c$//')}

# Inputs per target: about 5-15 s each at the rates measured with ASan+UBSan.
runs_for() {
    case $1 in
    fuzz_uci) echo 2000 ;;
    fuzz_tether) echo 1500 ;;
    fuzz_worlds_moves) echo 3000 ;;
    fuzz_pgn) echo 5000 ;;
    *) echo 20000 ;;
    esac
}

have_libfuzzer() {
    command -v "${FUZZ_CC:-clang}" >/dev/null 2>&1 || return 1
    local t; t=$(mktemp -d /tmp/qec-fuzz-probe.XXXXXX)
    printf 'int LLVMFuzzerTestOneInput(const char *d, unsigned long n) { (void)d; return (int)(n & 0); }\n' >"$t/p.c"
    "${FUZZ_CC:-clang}" -fsanitize=fuzzer,address,undefined -o "$t/p" "$t/p.c" >/dev/null 2>&1
    local rc=$?
    rm -rf "$t"
    return $rc
}

if ! have_libfuzzer; then
    for t in $targets; do echo "skip $t: clang with libFuzzer (-fsanitize=fuzzer) is not available"; done
    n=$(echo "$targets" | wc -w)
    echo "fuzz: 0 passed, 0 failed, $n skipped"
    exit 0
fi

if ! out=$(make -s -j2 fuzz-progs 2>&1); then
    printf '%s\n' "$out" | tail -n 20
    n=$(echo "$targets" | wc -w)
    echo "FAIL: the fuzz targets do not build"
    echo "fuzz: 0 passed, $n failed"
    exit 1
fi

TMP=$(mktemp -d /tmp/qec-fuzz.XXXXXX)
trap 'rm -rf "$TMP"' EXIT
for t in $targets; do
    runs=$(( $(runs_for "$t") * SCALE ))
    mkdir -p "$TMP/corpus-$t"
    start=$(date +%s)
    # The new inputs go to a scratch corpus (first directory); the seeds are only read.
    log=$(timeout 600 "build/fuzz/$t" -seed="$SEED" -runs="$runs" -max_len=4096 -timeout=10 -rss_limit_mb=2048 \
        -print_final_stats=1 -artifact_prefix="$TMP/$t-" "$TMP/corpus-$t" "tests/fuzz/seeds/$t" 2>&1)
    rc=$?
    secs=$(( $(date +%s) - start ))
    execs=$(printf '%s\n' "$log" | sed -nE 's/^stat::number_of_executed_units: *([0-9]+)/\1/p' | tail -n 1)
    if [ $rc -eq 0 ]; then
        pass=$((pass + 1))
        echo "ok   $t: ${execs:-?} inputs in ${secs} s"
    else
        fail=$((fail + 1))
        echo "FAIL $t (rc $rc after ${execs:-?} inputs, seed $SEED):"
        printf '%s\n' "$log" | grep -vE '^(INFO|#[0-9]+)' | head -n 40
        for a in "$TMP/$t"-*; do
            [ -e "$a" ] || continue
            mkdir -p build/fuzz/found
            cp "$a" build/fuzz/found/
            echo "     input kept in build/fuzz/found/$(basename "$a")"
        done
    fi
done
echo "fuzz: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
