# Sharded matches (issue 14), sourced by tests/match/run.sh (uses its check/ok/bad, $TMP, $REL).
#   - -shard I/N deals the game pairs so that N shards play exactly the unsharded run's games:
#     qec vs qec at fixed nodes (deterministic), 4 shards run by GNU parallel
#     (bench/shards-parallel.sh) and by the Slurm array script run by hand
#     (bench/slurm-shards.sh with SLURM_ARRAY_TASK_ID set), compared game for game (PGN
#     movetext per Round) and summary for summary with the unsharded run;
#   - `qecmatch merge`: sums, SPRT verdicts from pentanomial sums, -sprt given once or read from
#     the shards (and checked equal), and every kind of file that does not belong refused.

# summary_of and same_counts compare a merge with the unsharded run (shared with tests/slurm).
. tests/match/shard_compare.sh

# ---- -shard: the command line ----
cli_case "-shard 4/4: want I/N" -engine cmd=./qec -engine cmd=./qec -each st=1 -seed 1 -shard 4/4
cli_case "-shard 1: want I/N" -engine cmd=./qec -engine cmd=./qec -each st=1 -seed 1 -shard 1
cli_case "-shard needs -seed" -engine cmd=./qec -engine cmd=./qec -each st=1 -shard 0/2
cli_case "series mode cannot be sharded" -engine cmd=./qec -engine cmd=./qec -each st=1 -seed 1 -series -shard 0/2

# ---- shards played by schedulers equal the unsharded run, game for game ----
# A at 3000 nodes, B at 2000: different games in a pair; one thread and fixed nodes: deterministic.
SHARD_ARGS=(-engine cmd=./qec name=A nodes=3000 -engine cmd=./qec name=B nodes=2000 -games 16 -repeat
    -openings random seed=11 plies=2 -seed 11 -sprt elo0=0 elo1=5 alpha=0.001 beta=0.001)
SH="$TMP/shard"
mkdir -p "$SH"
nice timeout 300 ./qecmatch "${SHARD_ARGS[@]}" -concurrency 2 -pgnout "$SH/all.pgn" -jsonout "$SH/all.json" \
    >"$SH/all.out" 2>&1
check "unsharded run: 16 games" "$REL/pgn_check" "$SH/all.pgn" 16 >/dev/null
for i in 0 1 2 3; do # no Slurm here: each array task by hand, as sbatch would start it
    SLURM_ARRAY_TASK_ID=$i SHARDS=4 nice timeout 300 bench/slurm-shards.sh "$SH/slurm" "${SHARD_ARGS[@]}"
    check "slurm task $i: exit 0 ($?)" [ $? -eq 0 ]
done
check "slurm tasks: the 4 shards play each game of the unsharded run, the same" \
    python3 tests/match/pgn_rounds.py "$SH/all.pgn" "$SH"/slurm/shard-{0,1,2,3}.pgn
check "slurm tasks: each shard plays 2 pairs" eval '[ "$(grep -c "^Started game" "$SH"/slurm/shard-1.log)" -eq 4 ]'
./qecmatch merge -jsonout "$SH/slurm-merged.json" "$SH"/slurm/shard-*.json >"$SH/slurm-merged.out" 2>&1
check "slurm tasks: merge exit 0 ($?)" [ $? -eq 0 ]
check "slurm tasks: merged summary = the unsharded run's" diff <(summary_of "$SH/all.out") <(summary_of "$SH/slurm-merged.out")
check "slurm tasks: merged JSON counts = the unsharded run's" same_counts "$SH/all.json" "$SH/slurm-merged.json"
check "slurm script: refuses to run outside an array task" eval '! env -u SLURM_ARRAY_TASK_ID bench/slurm-shards.sh "$SH/x" 2>/dev/null'

if parallel --version 2>/dev/null | grep -q 'GNU parallel'; then
    nice timeout 300 bench/shards-parallel.sh 4 "$SH/par" "${SHARD_ARGS[@]}" >"$SH/par.out" 2>&1
    check "GNU parallel, 4 shards: exit 0 ($?)" [ $? -eq 0 ]
    check "GNU parallel: the 4 shards play each game of the unsharded run, the same" \
        python3 tests/match/pgn_rounds.py "$SH/all.pgn" "$SH"/par/shard-{0,1,2,3}.pgn
    check "GNU parallel: merged summary = the unsharded run's" diff <(summary_of "$SH/all.out") <(summary_of "$SH/par.out")
    check "GNU parallel: merged JSON counts = the unsharded run's" same_counts "$SH/all.json" "$SH/par/merged.json"
    check "GNU parallel: merged reports 4 of 4 shards" grep -q "^Merged 4 of 4 shards: 16 games of the 16 scheduled" "$SH/par.out"
    # The --sshlogin path (--workdir, --return, --cleanup) with ":" = this machine: no ssh here.
    SSHLOGIN="2/:" timeout 120 bench/shards-parallel.sh 3 "$SH/ssh" -engine cmd="$FIX random" -engine cmd="$FIX random 0 2" \
        -each st=0.01 timemargin=10000 -games 6 -repeat -maxmoves 6 -seed 4 >"$SH/ssh.out" 2>&1
    check "GNU parallel --sshlogin 2/: (3 shards): exit 0 ($?), 6 games merged" \
        grep -q "^Merged 3 of 3 shards: 6 games of the 6 scheduled" "$SH/ssh.out"
else
    skip_check "GNU parallel shards (GNU parallel is not installed; tools/deps.sh installs it)"
fi

# ---- merge: sums and SPRT verdicts from pentanomial sums ----
# Shard summaries written here, so that the counts (and the verdict) are known in advance.
mkjson() { # file index count seed penta(5, comma-separated) [sprt elo0,elo1,alpha,beta]
    python3 - "$@" <<'PY'
import json, sys
path, index, count, seed, penta = sys.argv[1:6]
p = [int(x) for x in penta.split(",")]
pairs = sum(p)
w, l = p[4] * 2 + p[3] + p[2] // 2, p[0] * 2 + p[1] + p[2] // 2   # DD+WL counted as WL pairs
d = 2 * pairs - w - l
eng = lambda n, w, l: {"name": n, "games": 2 * pairs, "wins": w, "losses": l, "draws": d, "dualKing": 0,
                       "points": w + d / 2, "forfeits": {"time forfeit": 1, "crash": 0}}
doc = {"seed": seed, "games": 2 * pairs, "aborted": 0, "interrupted": False, "sprtStopped": False,
       "scheduledGames": 4000, "repeat": True, "shard": {"index": int(index), "count": int(count)},
       "engines": [eng("new", w, l), eng("old", l, w)],
       "encounters": [{"first": "new", "second": "old", "games": 2 * pairs, "wins": w, "losses": l, "draws": d,
                       "dualKing": 0, "pentanomial": p, "byColour": [[w // 2, l // 2, d // 2], [w - w // 2, l - l // 2, d - d // 2]]}],
       "colours": {"whiteWins": w, "blackWins": l, "draws": d, "dualKing": 0},
       "terminations": {"mate": w + l, "repetition": d},
       "forfeits": [{"game": 7 + int(index), "engine": "old", "reason": "time forfeit", "detail": "x"}]}
if len(sys.argv) > 6:
    e0, e1, a, b = map(float, sys.argv[6].split(","))
    doc["sprt"] = {"model": "normalized", "elo0": e0, "elo1": e1, "alpha": a, "beta": b}
json.dump(doc, open(path, "w"))
PY
}
M="$TMP/merge"
mkdir -p "$M"
mkjson "$M/h1-0.json" 0 2 5 5,30,150,110,40 0,5,0.05,0.05
mkjson "$M/h1-1.json" 1 2 5 5,35,140,100,35 0,5,0.05,0.05
out=$(./qecmatch merge "$M"/h1-*.json 2>&1)
check "merge: SPRT settings read from the shards, H1 accepted" grep -q "elo0 0.00, elo1 5.00.*H1 was accepted" <<<"$out"
check "merge: pentanomial sums" grep -q "Pentanomial \[LL, LD, DD+WL, WD, WW\]: \[10, 65, 290, 210, 75\]" <<<"$out"
check "merge: forfeits summed" grep -q "Forfeits of old: time forfeit 2" <<<"$out"
mkjson "$M/sum.json" 0 1 5 10,65,290,210,75 0,5,0.05,0.05
llr_of() { ./qecmatch merge "$@" 2>/dev/null | sed -n 's/^SPRT .*: llr \([^ ]*\) .*/\1/p'; }
check "merge: the llr of two shards is the llr of their summed counts" \
    eval '[ -n "$(llr_of "$M"/h1-*.json)" ] && [ "$(llr_of "$M"/h1-*.json)" = "$(llr_of "$M/sum.json")" ]'
out=$(./qecmatch merge -sprt elo0=200 elo1=205 "$M"/h1-*.json 2>&1)
check "merge: -sprt given to merge wins over the shards', H0 accepted" grep -q "elo0 200.00, elo1 205.00.*H0 was accepted" <<<"$out"
mkjson "$M/h0-0.json" 0 2 5 40,110,150,30,5
mkjson "$M/h0-1.json" 1 2 5 35,100,140,35,5
out=$(./qecmatch merge -sprt elo0=0 elo1=5 "$M"/h0-*.json 2>&1)
check "merge: -sprt given once (shards have none), H0 accepted" grep -q "elo0 0.00, elo1 5.00.*H0 was accepted" <<<"$out"
mkjson "$M/c-0.json" 0 2 9 1,2,3,2,1
mkjson "$M/c-1.json" 1 2 9 1,1,3,2,1
out=$(./qecmatch merge -sprt elo0=0 elo1=5 -jsonout "$M/c.json" "$M"/c-*.json 2>&1)
check "merge: few pairs, SPRT continues" grep -q "no decision yet" <<<"$out"
check "merge: merged JSON says continue and merged 2" python3 -c "
import json, sys
d = json.load(open('$M/c.json'))
sys.exit(0 if d['sprt']['result'] == 'continue' and d['shard']['merged'] == 2 and d['games'] == 34 else 1)"
out=$(./qecmatch merge "$M"/c-*.json 2>&1)
check "merge: no SPRT settings anywhere, no SPRT line" eval '! grep -q "^SPRT" <<<"$out"'
merge_refused() { # what args...: exit 1 with a message naming the problem
    local want=$1; shift
    local out rc; out=$(./qecmatch merge "$@" 2>&1); rc=$?
    check "merge refuses ($want): exit 1 ($rc)" [ $rc -eq 1 ]
    check "merge refuses ($want): message" grep -q -- "$want" <<<"$out"
}
mkjson "$M/other-seed.json" 1 2 6 1,2,3,2,1
mkjson "$M/other-count.json" 1 3 9 1,2,3,2,1
mkjson "$M/other-sprt.json" 1 2 5 1,2,3,2,1 0,10,0.05,0.05
merge_refused "seed differs" "$M/c-0.json" "$M/other-seed.json"
merge_refused "shard count 3" "$M/c-0.json" "$M/other-count.json"
merge_refused "given twice" "$M/c-0.json" "$M/c-0.json"
merge_refused "SPRT settings differ" "$M/h1-0.json" "$M/other-sprt.json"
merge_refused "already a merged summary" "$M/c.json" "$M/c-1.json"
merge_refused "cannot read" "$M/c-0.json" "$M/nonexistent.json"
echo '{"seed": 1' >"$M/broken.json"
merge_refused "not JSON" "$M/broken.json"
# A shard file whose SPRT settings were edited to bounds -sprt refuses (issue 41).
mkjson "$M/absurd-sprt.json" 1 2 5 1,2,3,2,1 5,0,0.05,0.05
merge_refused "absurd-sprt.json: -sprt: elo0=5 must be below elo1=0" "$M/absurd-sprt.json"
mkjson "$M/absurd-alpha.json" 1 2 5 1,2,3,2,1 0,5,0.6,0.05
merge_refused "absurd-alpha.json: -sprt: alpha=0.6: the false-positive rate must be above 0 and below 0.5" \
    "$M/absurd-alpha.json"
out=$(./qecmatch merge -sprt elo0=0 elo1=10 "$M/h1-0.json" "$M/other-sprt.json" 2>&1)
check "merge: -sprt given once settles differing shard settings" grep -q "elo0 0.00, elo1 10.00" <<<"$out"
out=$(./qecmatch merge "$M/c-0.json" 2>&1)
check "merge: a missing shard is named" grep -q "warning: shards missing: 1" <<<"$out"
out=$(./qecmatch merge -sprt elo0=5 elo1=0 "$M/c-0.json" 2>&1); rc=$?
check "merge: bad -sprt: exit 2 ($rc)" eval '[ $rc -eq 2 ] && grep -q "elo0=5 must be below elo1=0" <<<"$out"'
out=$(./qecmatch merge 2>&1)
check "merge: no files: a usage message" grep -q "no files" <<<"$out"
if [ -x ./qecmatch-debug ]; then
    out=$(./qecmatch-debug merge -jsonout "$M/asan.json" "$M"/h1-*.json 2>&1); rc=$?
    check "merge under ASan/UBSan: exit 0 ($rc), no report" eval '[ $rc -eq 0 ] && ! grep -qE "AddressSanitizer|runtime error|LeakSanitizer" <<<"$out"'
    out=$(./qecmatch-debug merge "$M/c-0.json" "$M/broken.json" 2>&1); rc=$?
    check "merge under ASan/UBSan, a broken file: exit 1 ($rc), no report" eval '[ $rc -eq 1 ] && ! grep -qE "AddressSanitizer|runtime error|LeakSanitizer" <<<"$out"'
    out=$(timeout 120 ./qecmatch-debug -engine cmd="$FIX random" -engine cmd="$FIX random 0 2" -each st=0.02 timemargin=10000 \
        -games 12 -repeat -concurrency 2 -seed 3 -shard 1/3 -maxmoves 8 -jsonout "$M/asan-shard.json" 2>&1); rc=$?
    check "a shard under ASan/UBSan: exit 0 ($rc), no report, jobs 1 and 4 of 6 (4 games)" eval '[ $rc -eq 0 ] &&
        ! grep -qE "AddressSanitizer|runtime error|LeakSanitizer" <<<"$out" && grep -q "^=== Results: 4 games" <<<"$out"'
else
    skip_check "merge and a shard under ASan+UBSan (./qecmatch-debug not built: make debug)"
fi
