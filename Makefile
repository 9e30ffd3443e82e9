# qec — Quantum Entanglement Chess engine.  make | make test | make debug | make tsan | make fuzz
EXE      ?= qec
CC       ?= cc
ARCH     ?= native
PKGS      = libxxhash libcjson
PKG_CFLAGS := $(shell pkg-config --cflags $(PKGS) 2>/dev/null)
PKG_LIBS   := $(shell pkg-config --libs $(PKGS) 2>/dev/null || echo -lxxhash -lcjson)
WARN      = -Wall -Wextra -Wshadow -Wstrict-prototypes -Wno-unused-parameter
OPT      ?= -O3 -march=$(ARCH) -flto -DNDEBUG
CFLAGS   += -std=c11 -D_GNU_SOURCE $(WARN) $(PKG_CFLAGS) -pthread
LDLIBS   += $(PKG_LIBS) -pthread -lm

ENGINE_SRC = $(wildcard engine/*.c)
SEARCH_SRC = $(wildcard search/*.c) $(wildcard eval/*.c) $(wildcard book/*.c)
UCI_SRC    = $(wildcard uci/*.c)
LIB_SRC    = $(ENGINE_SRC) $(SEARCH_SRC)
BUILD     ?= build/release

lib_objs = $(patsubst %.c,$(BUILD)/%.o,$(LIB_SRC))
uci_objs = $(patsubst %.c,$(BUILD)/%.o,$(UCI_SRC))

.PHONY: all test debug tsan fuzz perft-full bench clean
all: $(EXE)

$(EXE): $(lib_objs) $(uci_objs)
	$(CC) $(CFLAGS) $(OPT) -o $@ $^ $(LDLIBS)

$(BUILD)/%.o: %.c $(wildcard engine/*.h search/*.h eval/*.h uci/*.h book/*.h)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) $(OPT) -c -o $@ $<

# Test binaries, built with the same objects as the engine.
TEST_BINS = perft_suite
$(BUILD)/perft_suite: tests/perft/perft_suite.c $(lib_objs)
	$(CC) $(CFLAGS) $(OPT) -o $@ $^ $(LDLIBS)

test: $(EXE) $(BUILD)/perft_suite
	@tests/run_tests.sh $(BUILD) ./$(EXE)

clean:
	rm -rf build $(EXE) qec-debug qec-tsan
