# Haft Schroedinger Chess rules core (engine/hsc*.c, compiled into the library by the Makefile's
# engine/*.c wildcard): its test programs (tests/hsc/run.sh) and its benchmark tool (built on
# demand: make build/release/tools/hsc_bench). Kept here because the Makefile includes module.mk
# fragments one directory deep only.
TEST_PROGS += hsc_perft hsc_test

$(BUILD)/tests/hsc_perft: tests/hsc/hsc_perft.c $(ENGINE_OBJ)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) $(OPT) -o $@ $^ $(LDLIBS)
$(BUILD)/tests/hsc_test: tests/hsc/hsc_test.c tests/hsc/brute.h $(ENGINE_OBJ)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) $(OPT) -o $@ $(filter-out %.h,$^) $(LDLIBS)
$(BUILD)/tools/hsc_bench: bench/hsc_bench.c $(ENGINE_OBJ)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) $(OPT) -o $@ $^ $(LDLIBS)
