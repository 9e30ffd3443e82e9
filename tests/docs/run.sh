#!/usr/bin/env bash
# The docs suite (tests/docs/check_docs.py): every link and anchor of README.md and docs/
# resolves, no page names the references outside the repository, every option `uci` prints in every UCI_Variant and every
# command of `qec help` has its row in docs/gui/protocol.md, every flag of qecmatch's usage
# text is in docs/, every flag of qecreview's has its row in docs/players/review.md, and the
# sample sessions of docs/gui/ and README.md give, run through ./qec, the output they show;
# figures the build produces (the bench signature, WebAssembly sizes, counts of passed tests)
# are today's (`./qec bench` is run) or dated; docs/dev/architecture.md's variant table lists
# the search techniques each row of variants/variants.c turns on.
# Ends with "docs: N passed, N failed".
set -u
cd "$(dirname "$0")/../.."
timeout 900 python3 tests/docs/check_docs.py --qec ./qec --qecmatch ./qecmatch --qecreview ./qecreview
