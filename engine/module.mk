# Haft Schroedinger Chess rules core (engine/hsc*.c, compiled into the library by the Makefile's
# engine/*.c wildcard): its test programs (tests/hsc/run.sh). Kept here because the Makefile
# includes module.mk fragments one directory deep only; its benchmark tool is tools/hsc_bench.c.
TEST_PROGS += hsc_perft hsc_test

$(BUILD)/tests/hsc_perft: tests/hsc/hsc_perft.c $(ENGINE_OBJ)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) $(OPT) -o $@ $(filter-out %.h,$^) $(LDLIBS)
$(BUILD)/tests/hsc_test: tests/hsc/hsc_test.c $(ENGINE_OBJ)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) $(OPT) -o $@ $(filter-out %.h,$^) $(LDLIBS)
