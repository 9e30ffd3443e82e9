# make wasm: the engine compiled to WebAssembly by emscripten from the same sources (uci/wasm.c
# in place of uci/main.c) and the web board as a static site in build/site/, served by any
# static file server (docs/players/play-in-browser.md). No threads (a page without
# cross-origin isolation has no SharedArrayBuffer): a search yields to the Worker through
# Asyncify to hear `stop` (uci/wasm.c).
EMCC        ?= emcc
WASM_BUILD   = build/wasm
SITE        ?= build/site
# Debian's emcc runs its optimizer with `node`; a node not built by Debian (nodesource) does
# not look in Debian's module folder for acorn.
WASM_ENV     = NODE_PATH=$${NODE_PATH:+$$NODE_PATH:}/usr/share/nodejs
WASM_CFLAGS  = $(DEPFLAGS) -std=c11 -D_GNU_SOURCE $(WARN) -O3 -msimd128 -DNDEBUG -DXXH_INLINE_ALL \
               -DQEC_MAX_THREADS=1 -DQEC_MAX_HASH=1024 -DQEC_NNUE_BYTES='"$(abspath $(WASM_BUILD))/chess_nnue.inc"' \
               -DQEC_LINKNET_BYTES='"$(abspath $(WASM_BUILD))/qec_nnue.inc"' \
               -DQEC_TETHERNET_BYTES='"$(abspath $(WASM_BUILD))/tether_nnue.inc"' \
               -I$(WASM_BUILD)/include -Iweb/wasm/vendor/cjson
WASM_LDFLAGS = -O3 -msimd128 -sMODULARIZE=1 -sEXPORT_NAME=createQec -sENVIRONMENT=worker \
               -sASYNCIFY=1 -sASYNCIFY_STACK_SIZE=1048576 -sTOTAL_STACK=8MB \
               -sALLOW_MEMORY_GROWTH=1 -sINITIAL_MEMORY=64MB -sMAXIMUM_MEMORY=2GB \
               -sEXPORTED_FUNCTIONS=_qec_wasm_new,_qec_wasm_command,_malloc,_free \
               -sEXPORTED_RUNTIME_METHODS=ccall,stringToUTF8,lengthBytesUTF8
WASM_SRC     = $(filter-out book/build.c $(RECORD_SRC),$(LIB_SRC)) $(filter-out uci/main.c,$(MAIN_SRC)) uci/wasm.c web/wasm/vendor/cjson/cJSON.c
WASM_OBJ     = $(patsubst %.c,$(WASM_BUILD)/%.o,$(WASM_SRC))
SITE_FILES   = $(wildcard web/static/*.html web/static/*.js web/static/*.css) web/wasm/engine-worker.js

.PHONY: wasm
wasm: deps
	@command -v $(EMCC) >/dev/null || { echo "error: emcc is missing (Debian package emscripten; tools/deps.sh installs it)" >&2; exit 1; }
	@$(MAKE) --no-print-directory $(WASM_BUILD)/qec.js
	@web/site.sh $(WASM_BUILD) $(SITE)

$(WASM_BUILD)/qec.js: $(WASM_OBJ)
	$(WASM_ENV) $(EMCC) $(WASM_LDFLAGS) -o $@ $^

$(WASM_BUILD)/%.o: %.c $(WASM_BUILD)/include/xxhash.h
	@mkdir -p $(dir $@)
	$(WASM_ENV) $(EMCC) $(WASM_CFLAGS) -c -o $@ $<

# xxHash is header-only with XXH_INLINE_ALL: Debian's libxxhash-dev header, as the native build uses.
$(WASM_BUILD)/include/xxhash.h:
	@mkdir -p $(dir $@)
	cp "$$(pkg-config --variable=includedir libxxhash 2>/dev/null || echo /usr/include)/xxhash.h" $@

# The networks as C arrays (eval/nnue.c's QEC_NNUE_BYTES, eval/nnue_links.c's QEC_LINKNET_BYTES
# and QEC_TETHERNET_BYTES).
$(WASM_BUILD)/%_nnue.inc: eval/%.nnue
	@mkdir -p $(dir $@)
	python3 -c 'import sys; d = open(sys.argv[1], "rb").read(); print(",\n".join(",".join(map(str, d[i:i + 32])) for i in range(0, len(d), 32)))' $< >$@
$(WASM_BUILD)/eval/nnue.o: $(WASM_BUILD)/chess_nnue.inc
$(WASM_BUILD)/eval/nnue_links.o: $(WASM_BUILD)/qec_nnue.inc $(WASM_BUILD)/tether_nnue.inc
# book/build.c (qec book build) and the game record it reads (record/) are main.c's `qec book` only.
# cJSON is Debian's (web/wasm/vendor/cjson/README): built as it comes, without the project's warnings.
$(WASM_BUILD)/web/wasm/vendor/cjson/cJSON.o: WARN =
