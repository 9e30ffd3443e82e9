# qecmatch, the match runner: match/*.c + the game record (record/) + the variant table and the
# rules library (variants/ and engine/ only: the runner never searches, so a search/ or book/ change cannot break it). The debug and tsan modes build
# qecmatch-debug and qecmatch-tsan (named after EXE, so they never overwrite the release tool).
MATCH_SRC  = $(filter-out match/main.c,$(wildcard match/*.c))
MATCH_OBJ  = $(patsubst %.c,$(BUILD)/%.o,$(MATCH_SRC)) $(RECORD_OBJ)
MATCH_EXE  = qecmatch$(findstring -debug,$(EXE))$(findstring -tsan,$(EXE))
TOOLS     += $(MATCH_EXE)
TEST_PROGS += match_test stats_test pgn_check fixture_engine

$(MATCH_EXE): $(BUILD)/match/main.o $(MATCH_OBJ) $(VARIANTS_OBJ) $(ENGINE_OBJ)
	$(CC) $(CFLAGS) $(OPT) -o $@ $(filter-out %.h,$^) $(LDLIBS)

$(BUILD)/tests/match_test: tests/match/match_test.c $(MATCH_OBJ) $(VARIANTS_OBJ) $(ENGINE_OBJ)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) $(OPT) -o $@ $(filter-out %.h,$^) $(LDLIBS)
$(BUILD)/tests/stats_test: tests/match/stats_test.c $(BUILD)/match/stats.o
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) $(OPT) -o $@ $(filter-out %.h,$^) $(LDLIBS)
$(BUILD)/tests/pgn_check: tests/match/pgn_check.c $(MATCH_OBJ) $(VARIANTS_OBJ) $(ENGINE_OBJ)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) $(OPT) -o $@ $(filter-out %.h,$^) $(LDLIBS)
$(BUILD)/tests/fixture_engine: tests/match/fixture_engine.c $(VARIANTS_OBJ) $(ENGINE_OBJ)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) $(OPT) -o $@ $(filter-out %.h,$^) $(LDLIBS)
# How an engine's answer is dated (issue 41): match/proc.c on a pipe of the test's own.
TEST_PROGS += proc_test
$(BUILD)/tests/proc_test: tests/match/proc_test.c $(MATCH_OBJ) $(VARIANTS_OBJ) $(ENGINE_OBJ)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) $(OPT) -o $@ $(filter-out %.h,$^) $(LDLIBS)
# QEC records in people's notation (issue 15).
TEST_PROGS += record_test
$(BUILD)/tests/record_test: tests/match/record_test.c $(MATCH_OBJ) $(VARIANTS_OBJ) $(ENGINE_OBJ)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) $(OPT) -o $@ $(filter-out %.h,$^) $(LDLIBS)
# The runner with its test hooks (QECMATCH_TEST_KILL, QECMATCH_TEST_STALL_US; -DQEC_TEST_HOOKS),
# for tests/match only: every match/ object compiled again into $(BUILD)/hooks/, so ./qecmatch
# carries no hook and ignores those variables.
HOOKS_OBJ  = $(patsubst %.c,$(BUILD)/hooks/%.o,$(wildcard match/*.c))
TEST_PROGS += qecmatch_hooks
$(BUILD)/hooks/%.o: %.c $(BUILD)/flags
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) $(OPT) -DQEC_TEST_HOOKS -c -o $@ $<
$(BUILD)/tests/qecmatch_hooks: $(HOOKS_OBJ) $(RECORD_OBJ) $(VARIANTS_OBJ) $(ENGINE_OBJ)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) $(OPT) -o $@ $(filter-out %.h,$^) $(LDLIBS)
