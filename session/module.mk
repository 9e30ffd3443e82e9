# The session layer (session/session.h: the engine a protocol speaks for), linked into ./qec and
# the WebAssembly builds with uci/. Its test drives it without uci/: tests/protocol/run.sh.
SESSION_OBJ = $(patsubst %.c,$(BUILD)/%.o,$(SESSION_SRC))
TEST_PROGS += session_test

$(BUILD)/tests/session_test: tests/protocol/session_test.c $(SESSION_OBJ) $(LIB_OBJ)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) $(OPT) -o $@ $(filter-out %.h,$^) $(LDLIBS)
