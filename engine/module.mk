# Haft Schroedinger Chess rules core (engine/worlds*.c, compiled into the library by the Makefile's
# engine/*.c wildcard): its test programs (tests/worlds/run.sh). Kept here because the Makefile
# includes module.mk fragments one directory deep only; its benchmark tool is tools/worlds_bench.c.
TEST_PROGS += worlds_perft worlds_test

$(BUILD)/tests/worlds_perft: tests/worlds/worlds_perft.c $(ENGINE_OBJ)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) $(OPT) -o $@ $(filter-out %.h,$^) $(LDLIBS)
$(BUILD)/tests/worlds_test: tests/worlds/worlds_test.c $(ENGINE_OBJ)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) $(OPT) -o $@ $(filter-out %.h,$^) $(LDLIBS)
