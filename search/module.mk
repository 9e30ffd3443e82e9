# Search and evaluation tests and tools (issue 4). Tests: tests/search/run.sh.
TEST_PROGS += search_test search_smp_test chess_test tether_search_test pawn_cache_test nnue_test nnue_qec_test

$(BUILD)/tests/search_test: tests/search/search_test.c $(LIB_OBJ)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) $(OPT) -o $@ $(filter-out %.h,$^) $(LDLIBS)
$(BUILD)/tests/chess_test: tests/search/chess_test.c $(LIB_OBJ)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) $(OPT) -o $@ $(filter-out %.h,$^) $(LDLIBS)
$(BUILD)/tests/tether_search_test: tests/search/tether_search_test.c $(LIB_OBJ)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) $(OPT) -o $@ $(filter-out %.h,$^) $(LDLIBS)
$(BUILD)/tests/pawn_cache_test: tests/search/pawn_cache_test.c $(LIB_OBJ)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) $(OPT) -o $@ $(filter-out %.h,$^) $(LDLIBS)
$(BUILD)/tests/nnue_test: tests/search/nnue_test.c $(LIB_OBJ)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) $(OPT) -o $@ $(filter-out %.h,$^) $(LDLIBS)
$(BUILD)/tests/nnue_qec_test: tests/search/nnue_qec_test.c $(LIB_OBJ)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) $(OPT) -o $@ $(filter-out %.h,$^) $(LDLIBS)
$(BUILD)/tests/search_smp_test: tests/search/search_smp_test.c $(LIB_OBJ)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) $(OPT) -o $@ $(filter-out %.h,$^) $(LDLIBS)

# The Haft Schroedinger search and eval (issue 11 item 4). Tests: tests/worlds/run.sh.
TEST_PROGS += worlds_search_test
$(BUILD)/tests/worlds_search_test: tests/worlds/worlds_search_test.c $(LIB_OBJ)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) $(OPT) -o $@ $(filter-out %.h,$^) $(LDLIBS)
