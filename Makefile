# qec — Quantum Entanglement Chess engine.
#   make play       install what is missing, build, play a short self-play game
#   make            ./qec (release)           make test     every test suite (release + sanitizers)
#   make debug      ./qec-debug (ASan+UBSan)  make tsan     ./qec-tsan (ThreadSanitizer)
#   make fuzz       bounded fuzz runs         make perft-full   every perft depth
#   make bench-perft   perft speed vs Stockfish   make tools   the tools of tools/ (tuner, benches, trainer)
#   make web        the web board on http://127.0.0.1:8080/ (make web PORT=N)
#   make wasm       the engine in WebAssembly and the board as a static site in build/site/
#   make wasm-node  the one-thread WebAssembly engine as a node command line (bench/wasm-profile.sh)
#   make tune       ./qec-tune: the search's tunable numbers as UCI options, for SPSA (bench/spsa.py)
# OpenBench-style overrides: make EXE=name CC=compiler ARCH=x86-64-v3
EXE      ?= qec
CC       ?= cc
ARCH     ?= native
PKGS      = libxxhash libcjson
PKG_CFLAGS := $(shell pkg-config --cflags $(PKGS) 2>/dev/null || echo -I/usr/include/cjson)
PKG_LIBS   := $(shell pkg-config --libs $(PKGS) 2>/dev/null || echo -lxxhash -lcjson)
WARN      = -Wall -Wextra -Wshadow -Wstrict-prototypes -Wno-unused-parameter
# GCC's objects carry their machine code beside the LTO bytecode (-ffat-lto-objects), so the
# test programs link that code without an LTO pass of their own (see TEST_LTO_KEPT below).
CC_IS_GCC := $(shell $(CC) -v 2>&1 | grep -q '^gcc version' && echo yes)
OPT      ?= -O3 -march=$(ARCH) -flto=auto $(if $(CC_IS_GCC),-ffat-lto-objects) -DNDEBUG
BUILD    ?= build/release
JOBS     ?= $(shell nproc 2>/dev/null || echo 2)
# -MMD -MP: every compile writes the headers it read to a .d file beside its output (NAME.o ->
# NAME.d, a program built from one .c -> PROGRAM.d), included at the end of this file, so touching
# a header rebuilds exactly what includes it (GCC's and clang's "auto-dependency generation").
# A program compiled from its .c in one step gets its headers as prerequisites that way, so
# every link line passes $(filter-out %.h,$^), not $^.
DEPFLAGS  = -MMD -MP
override CFLAGS += -std=c11 -D_GNU_SOURCE $(WARN) $(PKG_CFLAGS) -pthread $(DEPFLAGS)
override LDLIBS += $(PKG_LIBS) -pthread -lm

DEBUG_OPT = -O1 -g -march=$(ARCH) -fno-omit-frame-pointer -fsanitize=address,undefined -fno-sanitize-recover=all -DQEC_DEBUG
TSAN_OPT  = -O1 -g -march=$(ARCH) -fsanitize=thread

# Library code shared by the engine binary, the tools and the tests.
LIB_SRC  = $(wildcard engine/*.c variants/*.c search/*.c eval/*.c book/*.c io/*.c)
# ./qec's own layers above the library: the session (the engine a protocol speaks for) and the
# UCI front-end over it (uci/wasm.c: make wasm only, in place of uci/main.c)
SESSION_SRC = $(wildcard session/*.c)
UCI_SRC  = $(filter-out uci/wasm.c,$(wildcard uci/*.c))
MAIN_SRC = $(SESSION_SRC) $(UCI_SRC)
LIB_OBJ  = $(patsubst %.c,$(BUILD)/%.o,$(LIB_SRC))
ENGINE_OBJ = $(patsubst %.c,$(BUILD)/%.o,$(wildcard engine/*.c))
# The variant table and the Board facade (variants/): data and engine/ calls only, so the
# runner (qecmatch) links them with engine/ and no search.
VARIANTS_OBJ = $(patsubst %.c,$(BUILD)/%.o,$(wildcard variants/*.c))
MAIN_OBJ = $(patsubst %.c,$(BUILD)/%.o,$(MAIN_SRC))

# Modules add test programs (TEST_PROGS, each built from tests/.../NAME.c + the library)
# and tools in their own fragments.
.DEFAULT_GOAL := all
TEST_PROGS :=
TOOLS :=
# record/ first: match/ and book/ link its objects, and make expands a rule's prerequisites
# when it reads the rule.
include record/module.mk
include $(filter-out record/module.mk,$(sort $(wildcard */module.mk)))

.PHONY: all deps play debug tsan tune test test-progs fuzz perft-full bench-perft clean web profile-build
all: $(EXE) $(TOOLS)

$(EXE): $(LIB_OBJ) $(MAIN_OBJ)
	$(CC) $(CFLAGS) $(OPT) -o $@ $(filter-out %.h,$^) $(LDLIBS)

# The compiler and flags of a build folder's objects, kept in $(BUILD)/flags and rewritten when
# they differ, so that another OPT, ARCH or CC rebuilds every object (fat and slim LTO objects,
# or two -march values, never mix in one link).
BUILD_FLAGS_NOW := $(strip $(CC) $(CFLAGS) $(OPT))
ifneq ($(strip $(file <$(BUILD)/flags)),$(BUILD_FLAGS_NOW))
$(shell mkdir -p $(BUILD))
$(file >$(BUILD)/flags,$(BUILD_FLAGS_NOW))
endif

$(BUILD)/%.o: %.c $(BUILD)/flags
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) $(OPT) -c -o $@ $<

test-progs: $(foreach t,$(TEST_PROGS),$(BUILD)/tests/$(t))
# An LTO link re-optimises the whole library: about 5 s of CPU for each of some thirty test
# programs, half of `make test`'s release build on two cores. With fat objects (OPT) the test
# programs link the objects' own -O3 code instead; ./qec, the tools (perft_bench's speed) and
# the perft programs (the counts checked on the code ./qec runs) keep their LTO link.
# `private`: the objects a test program needs are built as for ./qec, not with -fno-lto.
TEST_LTO_KEPT = perft_suite bulk_test
ifneq ($(findstring -ffat-lto-objects,$(OPT)),)
$(foreach t,$(filter-out $(TEST_LTO_KEPT),$(TEST_PROGS)),$(BUILD)/tests/$(t)): private OPT += -fno-lto
endif

debug:
	$(MAKE) --no-print-directory BUILD=build/debug OPT="$(DEBUG_OPT)" EXE=qec-debug all test-progs
tsan:
	$(MAKE) --no-print-directory BUILD=build/tsan OPT="$(TSAN_OPT)" EXE=qec-tsan all test-progs
# The tuning build (issue 44, docs/dev/strength-loop.md): the release engine with -DQEC_TUNE,
# whose `uci` lists the search's tunable numbers (variants/search_params.h) as spin options.
tune:
	$(MAKE) --no-print-directory BUILD=build/tune OPT="$(OPT) -DQEC_TUNE" EXE=qec-tune qec-tune

# Installs missing Debian packages (nothing when all are there).
deps:
	@tools/deps.sh

# The main job: a short game of qec against itself, turn by turn, with the result.
play: deps
	@$(MAKE) --no-print-directory all
	./$(EXE) selfplay 50 300

# The web board (docs/players/web-board.md): websocketd serves web/static/ and one ./qec per session.
PORT ?= 8080
web: deps
	@$(MAKE) --no-print-directory all
	@web/serve.sh $(PORT)

# Every suite: tests/<suite>/run.sh, each ending with "N passed, N failed[, K skipped]";
# tests/run_tests.sh sums them (with CI=true a skipped check fails the run).
test: deps
	@$(MAKE) --no-print-directory -j$(JOBS) all test-progs tools
	@$(MAKE) --no-print-directory -j$(JOBS) tune
	@$(MAKE) --no-print-directory -j$(JOBS) debug
	@$(MAKE) --no-print-directory -j$(JOBS) tsan
	@tests/run_tests.sh

# Profile-guided build (Stockfish's `make profile-build`): an instrumented qec runs `bench`
# (every variant's positions), then ./qec is rebuilt with that profile: the same moves and
# nodes, more nodes per second (docs/testers/building.md). Both passes compile in build/pgo, where the
# profile files sit beside the objects they describe.
profile-build:
	@rm -rf build/pgo
	@$(MAKE) --no-print-directory BUILD=build/pgo OPT="$(OPT) -fprofile-generate -fprofile-update=single" \
		EXE=build/pgo/qec-instrumented build/pgo/qec-instrumented
	@build/pgo/qec-instrumented bench >/dev/null 2>&1
	@find build/pgo -name '*.o' -delete
	@rm -f $(EXE)
	@$(MAKE) --no-print-directory BUILD=build/pgo OPT="$(OPT) -fprofile-use -fprofile-correction -Wno-missing-profile" \
		$(EXE)

perft-full: all test-progs
	@QEC_PERFT_FULL=1 tests/perft/run.sh

bench-perft: all test-progs
	@bench/perft.sh

clean:
	rm -rf build $(EXE) qec-debug qec-tsan qec-tune $(TOOLS) qecmatch-debug qecmatch-tsan qecreview-debug qecreview-tsan

# Fuzzing (docs/testers/fuzzing.md): every tests/fuzz/fuzz_*.c, built with clang's libFuzzer
# (+ASan/UBSan) against the library compiled once into build/fuzz/obj, and run for FUZZ_TIME
# seconds each from its seed corpus (tests/fuzz/seeds/<target>/). `make fuzz-progs` only
# builds; tests/fuzz/run.sh (in `make test`) runs each for a bounded number of inputs, and
# bench/fuzz.sh for 10 M each.
FUZZ_TIME ?= 30
FUZZ_CC   ?= clang
FUZZ_DIR   = build/fuzz
FUZZ_FLAGS = $(DEPFLAGS) -std=c11 -D_GNU_SOURCE -g -O1 -march=$(ARCH) -fno-omit-frame-pointer \
             -fsanitize=address,undefined -fno-sanitize-recover=undefined -DQEC_DEBUG $(PKG_CFLAGS) -pthread
FUZZ_LIB   = $(patsubst %.c,$(FUZZ_DIR)/obj/%.o,$(sort $(LIB_SRC) $(filter-out uci/main.c,$(MAIN_SRC)) $(MATCH_SRC)))
FUZZ_PROGS = $(patsubst tests/fuzz/%.c,$(FUZZ_DIR)/%,$(wildcard tests/fuzz/fuzz_*.c))

# The rules' inner loops (move generation, world sets, keys), the evaluation and the search:
# edge coverage and the sanitizers, but not libFuzzer's comparison tracing, which is for the
# readers (they keep it) and was 60-80% of the time of the targets that play or search.
FUZZ_HOT   = engine/bitboard.c engine/worlds.c engine/worlds_legal.c engine/worlds_query.c engine/movegen.c \
             engine/tether.c engine/zobrist.c engine/perft.c engine/perft_qec.c engine/perft_last.c engine/perft_reuse.c \
             engine/position_check.c \
             $(wildcard eval/*.c search/*.c)
$(patsubst %.c,$(FUZZ_DIR)/obj/%.o,$(FUZZ_HOT)): FUZZ_COV = -fno-sanitize-coverage=trace-cmp

$(FUZZ_DIR)/obj/%.o: %.c
	@mkdir -p $(dir $@)
	$(FUZZ_CC) $(FUZZ_FLAGS) -fsanitize=fuzzer-no-link $(FUZZ_COV) -c -o $@ $<
$(FUZZ_DIR)/fuzz_%: tests/fuzz/fuzz_%.c $(FUZZ_LIB)
	$(FUZZ_CC) $(FUZZ_FLAGS) -fsanitize=fuzzer -o $@ $< $(FUZZ_LIB) $(LDLIBS)

# The objects are shared by every target: not intermediate files that make may delete.
.SECONDARY: $(FUZZ_LIB)
.PHONY: fuzz-progs
fuzz-progs: $(FUZZ_PROGS)
fuzz: fuzz-progs
	@for t in $(FUZZ_PROGS); do \
	  name=$$(basename $$t); \
	  echo "== $$name ($(FUZZ_TIME) s)"; \
	  mkdir -p $(FUZZ_DIR)/corpus-$$name; \
	  $$t -max_total_time=$(FUZZ_TIME) -max_len=4096 -timeout=10 -rss_limit_mb=2048 \
	    -artifact_prefix=$(FUZZ_DIR)/$$name- $(FUZZ_DIR)/corpus-$$name tests/fuzz/seeds/$$name 2>&1 | tail -n 3; \
	done

# The headers each object and program was built from (DEPFLAGS): those of every build folder
# (release, debug, tsan, pgo, fuzz, wasm; their targets' paths differ, so they never mix). A
# clean tree has none: everything is built anyway.
-include $(shell find build -name '*.d' 2>/dev/null)
# An object built before the .d files existed (059e42c), or whose .d is gone, has no record of
# its headers, so a changed header would not rebuild it: each object under build/ without its .d
# beside it is compiled again, once (every object rule compiles $<, so FORCE never reaches the
# compiler), and that compile writes the .d. The programs linked from such objects (./qec, the
# test programs and tools, each compiled again from its .c with its own .d) follow them.
NO_DEPS := $(shell find build -type f -name '*.o' 2>/dev/null | while read -r f; do [ -e "$${f%.o}.d" ] || echo "$$f"; done)
.PHONY: FORCE
FORCE:
$(NO_DEPS): FORCE
