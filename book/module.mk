# Opening book (issue 6). book/*.c is library code (Makefile wildcard). The builder reads game
# records with record/ (the game record), which record/module.mk puts in the library, so ./qec
# (and every tool or test linked with $(LIB_OBJ)) can run `qec book build`.
TEST_PROGS += book_test

$(BUILD)/tests/book_test: tests/book/book_test.c $(LIB_OBJ)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) $(OPT) -o $@ $(filter-out %.h,$^) $(LDLIBS)
