# The game record (record/, docs/gui/record-format.md): reading, writing and replaying records.
# It depends on engine/ and the variant table (variants/), so it joins the library:
# ./qec (`qec book build`, book/build.c) and every tool or test linked with $(LIB_OBJ) have it,
# and qecmatch (match/module.mk) links RECORD_OBJ beside the rules core. The Makefile reads this
# fragment before the others, which name RECORD_OBJ in their rules. The WebAssembly build
# leaves it out (web/module.mk).
RECORD_SRC = $(wildcard record/*.c)
RECORD_OBJ = $(patsubst %.c,$(BUILD)/%.o,$(RECORD_SRC))
LIB_SRC   += $(RECORD_SRC)
