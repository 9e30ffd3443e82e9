# Programs that are tools, not tests: built in one place, into $(BUILD)/tools/NAME, by `make tools`
# (and by `make test`, so a tool that no longer compiles fails the tests), or one at a time
# (make build/release/tools/texel). Each is tools/NAME.c linked with the part of the library it needs.
#   perft_bench  a perft count timed in-process (bench/perft.sh, bench/perft_tether.sh, bench/worlds.sh)
#   worlds_bench    Haft Schroedinger rules-core timings (bench/worlds.sh)
#   searchbench  search nodes/second over fixed positions (bench/search.sh)
#   qecplay      in-process self-play and strength matches (bench/strength.sh)
#   texel        the evaluation tuner (docs/dev/evaluation.md; tests/worlds/texel.sh runs it end to end)
#   nnue_train   the chess network's trainer (docs/dev/chess-network.md)
#   qec_net_data the QEC and tether networks' self-play data; qec_net_train their trainer
#                (docs/dev/qec-network.md)
#   book_proxy   a UCI wrapper that answers `go` from a book (bench/book.sh)
#   machine_probe what a page fault and an mprotect() pair cost here (bench/machine.sh): no library
ENGINE_TOOLS  = perft_bench worlds_bench
LIBRARY_TOOLS = searchbench qecplay nnue_train book_proxy qec_net_data qec_net_train
ALL_TOOLS     = $(foreach t,$(ENGINE_TOOLS) $(LIBRARY_TOOLS) texel machine_probe,$(BUILD)/tools/$(t))

.PHONY: tools
tools: $(ALL_TOOLS)

# The rules library alone: these tools time or count the rules, never search.
$(foreach t,$(ENGINE_TOOLS),$(BUILD)/tools/$(t)): $(BUILD)/tools/%: tools/%.c $(ENGINE_OBJ)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) $(OPT) -o $@ $(filter-out %.h,$^) $(LDLIBS)
# The whole library ($(LIB_OBJ) is complete here: record/module.mk, read first, adds record/).
$(foreach t,$(LIBRARY_TOOLS),$(BUILD)/tools/$(t)): $(BUILD)/tools/%: tools/%.c $(LIB_OBJ)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) $(OPT) -o $@ $(filter-out %.h,$^) $(LDLIBS)
# The machine's facts alone: no part of the library.
$(BUILD)/tools/machine_probe: tools/machine_probe.c tools/tool_util.h
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) $(OPT) -o $@ $< -lm
# texel_worlds.c as an object of its own: a compile of two .c files writes one .d (the last one's).
$(BUILD)/tools/texel: tools/texel.c $(BUILD)/tools/texel_worlds.o $(LIB_OBJ)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) $(OPT) -o $@ $(filter-out %.h,$^) $(LDLIBS)
