# qecreview, the review of game records (review/main.c; docs/players/review.md): the library
# (search, record, variants, engine) + review/. Built by `make` beside ./qec and qecmatch.
REVIEW_SRC = $(filter-out review/main.c,$(wildcard review/*.c))
REVIEW_OBJ = $(patsubst %.c,$(BUILD)/%.o,$(REVIEW_SRC))
REVIEW_EXE = qecreview$(findstring -debug,$(EXE))$(findstring -tsan,$(EXE))
TOOLS     += $(REVIEW_EXE)

$(REVIEW_EXE): $(BUILD)/review/main.o $(REVIEW_OBJ) $(LIB_OBJ)
	$(CC) $(CFLAGS) $(OPT) -o $@ $^ $(LDLIBS)
