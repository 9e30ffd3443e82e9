# Opening book (issue 6). book/*.c is library code (Makefile wildcard). The builder reads game
# records with match/pgn*.c (the game record), which only depend on engine/ and variants/: it joins the library so ./qec (and
# every tool or test linked with $(LIB_OBJ)) can run `qec book build`. $^ drops the duplicate
# where match/ links MATCH_OBJ and LIB_OBJ together.
LIB_SRC += $(wildcard match/pgn*.c)
TEST_PROGS += book_test

$(BUILD)/tests/book_test: tests/book/book_test.c $(LIB_OBJ)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) $(OPT) -o $@ $^ $(LDLIBS)
