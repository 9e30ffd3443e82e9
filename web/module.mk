# make wasm: the engine compiled to WebAssembly by emscripten from the same sources (uci/wasm.c
# in place of uci/main.c) and the web board as a static site in build/site/, served by any
# static file server (docs/players/play-in-browser.md). Two builds of the engine, the Worker
# (web/wasm/engine-worker.js) choosing at load:
# - qec-mt.wasm (build/wasm-mt): emscripten pthreads, for a page served cross-origin isolated
#   (COOP/COEP headers: SharedArrayBuffer); Threads up to the browser's cores, at most
#   WASM_MAX_THREADS; `go` returns at once, as in ./qec, so `stop` needs no trick.
# - qec.wasm (build/wasm): one thread, for any page: a search yields to the Worker through
#   Asyncify to hear `stop` (uci/wasm.c).
EMCC        ?= emcc
WASM_BUILD   = build/wasm
WASM_MT_BUILD = build/wasm-mt
WASM_MAX_THREADS = 8
SITE        ?= build/site
# Debian's emcc runs its optimizer with `node`; a node not built by Debian (nodesource) does
# not look in Debian's module folder for acorn.
WASM_ENV     = NODE_PATH=$${NODE_PATH:+$$NODE_PATH:}/usr/share/nodejs
# -msign-ext -mnontrapping-fptoint: one instruction for a narrow load's sign extension and a
# float's conversion (every browser with SIMD has them).
WASM_OPT    ?= -O3 -msimd128 -mbulk-memory -msign-ext -mnontrapping-fptoint -flto
WASM_CFLAGS  = $(DEPFLAGS) -std=c11 -D_GNU_SOURCE $(WARN) $(WASM_OPT) -DNDEBUG -DXXH_INLINE_ALL \
               -DQEC_MAX_HASH=1024 -DQEC_NNUE_BYTES='"$(abspath $(WASM_BUILD))/chess_nnue.inc"' \
               -DQEC_LINKNET_BYTES='"$(abspath $(WASM_BUILD))/qec_nnue.inc"' \
               -DQEC_TETHERNET_BYTES='"$(abspath $(WASM_BUILD))/tether_nnue.inc"' \
               -I$(WASM_BUILD)/include -Iweb/wasm/vendor/cjson
# XXH3 (worlds_query.c's key of a schroedinger world set, up to 11 KB a call) has no WebAssembly
# path of its own: with -msse2 it takes its SSE2 one, which emscripten's SSE headers translate to
# WebAssembly SIMD (the same hashes: xxHash's paths agree to the bit).
WASM_XXH3_FLAGS = -msse2
WASM_MEMORY  = -sTOTAL_STACK=8MB -sALLOW_MEMORY_GROWTH=1 -sINITIAL_MEMORY=64MB -sMAXIMUM_MEMORY=2GB
WASM_LDFLAGS = $(WASM_OPT) -sMODULARIZE=1 -sEXPORT_NAME=createQec -sENVIRONMENT=worker $(WASM_MEMORY) \
               -sEXPORTED_FUNCTIONS=_qec_wasm_new,_qec_wasm_command,_malloc,_free \
               -sEXPORTED_RUNTIME_METHODS=ccall,stringToUTF8,lengthBytesUTF8
# Asyncify instruments only the functions that can be on the stack when the search yields
# (web/wasm/asyncify-only.txt): the path from qec_wasm_command through a command that searches
# (go, bench, selfplay, openings) and the search's recursion to the poll (uci/wasm.c). Left to
# itself it instruments every function that makes an indirect call, the move generator and
# the evaluation among them. A new way into a search (a command, a search family, a caller
# of core_check_limits or core_policy_node) must be added there, or its `stop` breaks; names
# inlined away are harmless (wasm-opt's warnings about them are filtered out). Quiescence
# (search.c's quiesce, worlds_tree.c's) and search.c's search_deep (the nodes of at most
# POLL_DEPTH turns to go) never poll, so they stay out of the list: their names match none
# of its patterns, and a poll added under them would break `stop`.
WASM_ST_FLAGS = -sASYNCIFY=1 -sASYNCIFY_STACK_SIZE=1048576 -sASYNCIFY_ONLY=@web/wasm/asyncify-only.txt \
                -sASYNCIFY_IMPORTS=qec_yield
# The pool: Module.qecPool pthreads (the Worker sets it to the Threads ceiling + 1), made before
# the engine starts. A pthread's stack is a native thread's 8 MB: the search's frames hold
# move lists (search/search.c).
WASM_MT_FLAGS = -pthread -sPTHREAD_POOL_SIZE=Module.qecPool -sDEFAULT_PTHREAD_STACK_SIZE=8MB \
                -Wno-pthreads-mem-growth
WASM_SRC     = $(filter-out book/build.c $(RECORD_SRC),$(LIB_SRC)) $(SESSION_SRC) $(filter-out uci/main.c,$(UCI_SRC)) uci/wasm.c web/wasm/vendor/cjson/cJSON.c
WASM_OBJ     = $(patsubst %.c,$(WASM_BUILD)/%.o,$(WASM_SRC))
WASM_MT_OBJ  = $(patsubst %.c,$(WASM_MT_BUILD)/%.o,$(WASM_SRC))
# make wasm-node: the one-thread engine as ./qec's command line for node (uci/main.c, the whole
# library; the same objects and flags as qec.wasm, without Asyncify), with the functions' names
# kept: `node build/wasm/node/qec.js bench` runs what the browser engine runs, where perf can see
# it (bench/wasm-profile.sh; docs/players/play-in-browser.md, "Speed and size"). Files by node's
# own file system (NODERAWFS); the module compiled before main (no fetch: node's would refuse a
# path); -u putchar: LTO turns a one-character printf into putchar, which libc's bitcode must
# give before LTO runs (wasm-ld: "attempt to add bitcode file after LTO").
WASM_NODE_OBJ = $(filter-out $(WASM_BUILD)/uci/wasm.o,$(WASM_OBJ)) $(patsubst %.c,$(WASM_BUILD)/%.o,uci/main.c book/build.c $(RECORD_SRC))
WASM_NODE_LDFLAGS = $(WASM_OPT) -Wl,-u,putchar --profiling-funcs -sENVIRONMENT=node -sNODERAWFS=1 -sWASM_ASYNC_COMPILATION=0 \
               -sEXIT_RUNTIME=1 $(WASM_MEMORY)
# A change of flags (make wasm WASM_OPT=…, or an edit here) rebuilds every object, both engines
# and make wasm-node's: the flags of the last build are kept in $(WASM_BUILD)/flags, rewritten
# when they differ.
WASM_FLAGS_NOW := $(strip $(WASM_CFLAGS) $(WASM_XXH3_FLAGS) / $(WASM_LDFLAGS) $(WASM_ST_FLAGS) / $(WASM_MT_FLAGS) $(WASM_MAX_THREADS) / $(WASM_NODE_LDFLAGS))
ifneq ($(filter wasm wasm-node $(WASM_BUILD)/% $(WASM_MT_BUILD)/%,$(MAKECMDGOALS)),)
ifneq ($(strip $(file <$(WASM_BUILD)/flags)),$(WASM_FLAGS_NOW))
$(shell mkdir -p $(WASM_BUILD))
$(file >$(WASM_BUILD)/flags,$(WASM_FLAGS_NOW))
endif
endif
SITE_FILES   = $(wildcard web/static/*.html web/static/*.js web/static/*.css) web/wasm/engine-worker.js

.PHONY: wasm
wasm: deps
	@command -v $(EMCC) >/dev/null || { echo "error: emcc is missing (Debian package emscripten; tools/deps.sh installs it)" >&2; exit 1; }
	@$(MAKE) --no-print-directory $(WASM_BUILD)/qec.js $(WASM_MT_BUILD)/qec-mt.js
	@web/site.sh $(WASM_BUILD) $(WASM_MT_BUILD) $(SITE)

$(WASM_BUILD)/qec.js: $(WASM_OBJ) $(WASM_BUILD)/flags web/wasm/asyncify-only.txt
	$(WASM_ENV) $(EMCC) $(WASM_LDFLAGS) $(WASM_ST_FLAGS) -o $@ $(WASM_OBJ) 2>$@.log; \
	  st=$$?; { grep -v 'Asyncify onlylist contained a non-' $@.log >&2 || true; }; exit $$st
# (emcc also writes qec-mt.wasm and the pthreads' loader qec-mt.worker.js beside it)
$(WASM_MT_BUILD)/qec-mt.js: $(WASM_MT_OBJ) $(WASM_BUILD)/flags
	$(WASM_ENV) $(EMCC) $(WASM_LDFLAGS) $(WASM_MT_FLAGS) -o $@ $(WASM_MT_OBJ)

$(WASM_BUILD)/%.o: %.c $(WASM_BUILD)/include/xxhash.h $(WASM_BUILD)/flags
	@mkdir -p $(dir $@)
	$(WASM_ENV) $(EMCC) $(WASM_CFLAGS) -DQEC_MAX_THREADS=1 -c -o $@ $<
$(WASM_MT_BUILD)/%.o: %.c $(WASM_BUILD)/include/xxhash.h $(WASM_BUILD)/flags
	@mkdir -p $(dir $@)
	$(WASM_ENV) $(EMCC) $(WASM_CFLAGS) -pthread -DQEC_MAX_THREADS=$(WASM_MAX_THREADS) -c -o $@ $<

.PHONY: wasm-node
wasm-node: deps
	@command -v $(EMCC) >/dev/null || { echo "error: emcc is missing (Debian package emscripten; tools/deps.sh installs it)" >&2; exit 1; }
	@$(MAKE) --no-print-directory $(WASM_BUILD)/node/qec.js
$(WASM_BUILD)/node/qec.js: $(WASM_NODE_OBJ) $(WASM_BUILD)/flags
	@mkdir -p $(dir $@)
	$(WASM_ENV) $(EMCC) $(WASM_NODE_LDFLAGS) -o $@ $(WASM_NODE_OBJ)

# xxHash is header-only with XXH_INLINE_ALL: Debian's libxxhash-dev header, as the native build uses.
$(WASM_BUILD)/include/xxhash.h:
	@mkdir -p $(dir $@)
	cp "$$(pkg-config --variable=includedir libxxhash 2>/dev/null || echo /usr/include)/xxhash.h" $@

# The networks as C arrays (eval/nnue.c's QEC_NNUE_BYTES, eval/nnue_links.c's QEC_LINKNET_BYTES
# and QEC_TETHERNET_BYTES).
$(WASM_BUILD)/%_nnue.inc: eval/%.nnue
	@mkdir -p $(dir $@)
	python3 -c 'import sys; d = open(sys.argv[1], "rb").read(); print(",\n".join(",".join(map(str, d[i:i + 32])) for i in range(0, len(d), 32)))' $< >$@
$(WASM_BUILD)/eval/nnue.o $(WASM_MT_BUILD)/eval/nnue.o: $(WASM_BUILD)/chess_nnue.inc
$(WASM_BUILD)/eval/nnue_links.o $(WASM_MT_BUILD)/eval/nnue_links.o: $(WASM_BUILD)/qec_nnue.inc $(WASM_BUILD)/tether_nnue.inc
# book/build.c (qec book build) and the game record it reads (record/) are main.c's `qec book` only.
$(WASM_BUILD)/engine/worlds_query.o $(WASM_MT_BUILD)/engine/worlds_query.o: WASM_CFLAGS += $(WASM_XXH3_FLAGS)
# cJSON is Debian's (web/wasm/vendor/cjson/README): built as it comes, without the project's warnings.
$(WASM_BUILD)/web/wasm/vendor/cjson/cJSON.o $(WASM_MT_BUILD)/web/wasm/vendor/cjson/cJSON.o: WARN =
