# Benchmark tools (not tests): bench/perft.sh uses perft_bench.
TOOLS += build/release/perft_bench
build/release/perft_bench: bench/perft_bench.c $(patsubst %.c,build/release/%.o,$(wildcard engine/*.c))
	$(CC) $(CFLAGS) $(OPT) -o $@ $^ $(LDLIBS)
