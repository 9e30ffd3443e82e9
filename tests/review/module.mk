# The review's winning-chances model as qecreview computes it, for the tests that hold it against
# the engine's `wdl` lines and the web board (tests/review/review_probe.c).
TEST_PROGS += review_probe

$(BUILD)/tests/review_probe: tests/review/review_probe.c $(BUILD)/review/model.o $(VARIANTS_OBJ) $(ENGINE_OBJ)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) $(OPT) -o $@ $(filter-out %.h,$^) $(LDLIBS)
