# Notation for people (issue 15): the formatter and reader of engine/notation.h.
TEST_PROGS += notation_test

$(BUILD)/tests/notation_test: tests/notation/notation_test.c $(ENGINE_OBJ)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) $(OPT) -o $@ $(filter-out %.h,$^) $(LDLIBS)
# Haft Schroedinger notation (engine/worlds_notation.h).
TEST_PROGS += worlds_notation_test

$(BUILD)/tests/worlds_notation_test: tests/notation/worlds_notation_test.c $(ENGINE_OBJ)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) $(OPT) -o $@ $(filter-out %.h,$^) $(LDLIBS)
