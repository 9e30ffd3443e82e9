# Search and evaluation tests and tools (issue 4). Tests: tests/search/run.sh.
TEST_PROGS += search_test search_smp_test chess_test tether_search_test pawn_cache_test nnue_test

$(BUILD)/tests/search_test: tests/search/search_test.c $(LIB_OBJ)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) $(OPT) -o $@ $^ $(LDLIBS)
$(BUILD)/tests/chess_test: tests/search/chess_test.c $(LIB_OBJ)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) $(OPT) -o $@ $^ $(LDLIBS)
$(BUILD)/tests/tether_search_test: tests/search/tether_search_test.c $(LIB_OBJ)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) $(OPT) -o $@ $^ $(LDLIBS)
$(BUILD)/tests/pawn_cache_test: tests/search/pawn_cache_test.c $(LIB_OBJ)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) $(OPT) -o $@ $^ $(LDLIBS)
$(BUILD)/tests/nnue_test: tests/search/nnue_test.c $(LIB_OBJ)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) $(OPT) -o $@ $^ $(LDLIBS)
$(BUILD)/tests/search_smp_test: tests/search/search_smp_test.c $(LIB_OBJ)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) $(OPT) -o $@ $^ $(LDLIBS)

# Tools (built on demand, not by `make`): self-play games / strength matches and the tuner.
$(BUILD)/tools/qecplay: tests/search/qecplay.c $(LIB_OBJ)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) $(OPT) -o $@ $^ $(LDLIBS)
$(BUILD)/tools/texel: tests/search/texel.c tests/search/texel_hsc.c $(LIB_OBJ)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) $(OPT) -o $@ $^ $(LDLIBS)
$(BUILD)/tools/searchbench: tests/search/searchbench.c $(LIB_OBJ)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) $(OPT) -o $@ $^ $(LDLIBS)
# The chess network's trainer (bench/nnue_train.c; docs/dev/chess-network.md). Here, not
# in bench/module.mk: $(LIB_OBJ) is complete only once book/module.mk has been read.
$(BUILD)/tools/nnue_train: bench/nnue_train.c $(LIB_OBJ)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) $(OPT) -o $@ $^ $(LDLIBS)

# The Haft Schroedinger search and eval (issue 11 item 4). Tests: tests/hsc/run.sh.
TEST_PROGS += hsc_search_test
$(BUILD)/tests/hsc_search_test: tests/hsc/hsc_search_test.c $(LIB_OBJ)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) $(OPT) -o $@ $^ $(LDLIBS)
