// The engine in a Web Worker (make wasm; docs/players/play-in-browser.md): qec.wasm, built from
// the same C sources as ./qec, speaks the same protocol. The page posts command lines (strings,
// as it sends them over the WebSocket of `make web`); the worker posts each output line back as
// a string. Its own news are objects: {ready: true, build, threads} once the engine has started
// (build 'threads' or 'single', threads the Threads ceiling), {fatal: text} when the engine files
// cannot be loaded, {died: text} when the engine crashed, {closed: true} after `quit`.
//
// Two builds, chosen here at load (engine-worker.js?build=threads or ?build=single forces one):
// - threads (qec-mt.js, qec-mt.wasm, qec-mt.worker.js) when the page is cross-origin isolated
//   (served with COOP same-origin and COEP require-corp, so SharedArrayBuffer exists): `go`
//   starts the search on emscripten pthreads (Workers inside this one) and returns, so this
//   worker's event loop stays free and runs stop, ponderhit and isready at once, as ./qec's
//   input loop does. The pool holds ceiling + 1 pthreads, made before the engine starts: a
//   search's threads never wait for a Worker to load (uci/wasm.c).
// - single (qec.js, qec.wasm) otherwise: a command runs to its end before the next one starts,
//   except that a search polls every few milliseconds (uci/wasm.c): Asyncify suspends it, this
//   worker's event loop runs (new lines are queued), and the search takes the stop, ponderhit,
//   isready or quit at the head of the queue (Module.qecTakeUrgent).
'use strict';

const queue = [];
let engine = null, session = 0, busy = false, done = false;

const URGENT = new Set(['stop', 'ponderhit', 'isready']);

// Threads beyond 8 gain little in a browser and each costs a Worker (and its memory) per engine.
const MAX_THREADS = 8;
const forced = new URLSearchParams(self.location.search).get('build');
const isolated = self.crossOriginIsolated === true && typeof SharedArrayBuffer === 'function';
const threaded = forced ? forced === 'threads' : isolated;
const ceiling = threaded ? Math.max(1, Math.min(MAX_THREADS, navigator.hardwareConcurrency || 1)) : 1;
const loader = threaded ? 'qec-mt.js' : 'qec.js';
const wasmFile = threaded ? 'qec-mt.wasm' : 'qec.wasm';

function takeUrgent() {
    const head = queue[0];
    if (head === undefined || head.length > 200)
        return null;
    const word = head.trim().split(/\s+/)[0];
    if (word === 'quit')
        return 'quit'; // stays queued: it ends the worker once the search has answered
    if (!URGENT.has(word))
        return null;
    queue.shift();
    return head;
}

function finish(message) {
    if (done)
        return;
    done = true;
    postMessage(message);
    close();
}

async function run(line) {
    const len = engine.lengthBytesUTF8(line);
    const buf = engine._malloc(len + 1);
    if (!buf)
        throw new Error('out of memory');
    engine.stringToUTF8(line, buf, len + 1);
    try {
        // async: the call returns a promise when the search inside it yielded (Asyncify)
        return await engine.ccall('qec_wasm_command', 'number', ['number', 'number', 'number'], [session, buf, len],
            {async: true});
    } finally {
        engine._free(buf);
    }
}

async function pump() {
    if (busy || !engine || done)
        return;
    busy = true;
    try {
        while (queue.length && !done) {
            if (!(await run(queue.shift())))
                finish({closed: true}); // quit
        }
    } catch (e) {
        finish({died: `engine crashed: ${e && e.message || e}`});
    }
    busy = false;
}

onmessage = (ev) => {
    for (const line of String(ev.data).split('\n'))
        queue.push(line);
    pump();
};

// A pthread's Worker that cannot load (qec-mt.worker.js missing or broken) throws here, in
// emscripten's handler, before the engine is ready: say so rather than hang on "connecting".
self.addEventListener('error', (ev) => {
    if (engine || done)
        return;
    ev.preventDefault();
    finish({fatal: `cannot start the engine's threads (qec-mt.worker.js missing or broken: ${ev.message || 'load error'})`});
});

if (threaded && !isolated)
    finish({fatal: 'the threaded engine needs a cross-origin isolated page (SharedArrayBuffer)'});
else {
    try {
        importScripts(loader);
    } catch (e) {
        finish({fatal: `cannot load the engine's loader ${loader} (${e && e.message || e})`});
    }
}

// The pthreads' loader is fetched by each pthread's Worker; one that cannot load reaches us only
// through emscripten's error handler (above), whose timing depends on the pool's start. Asked
// first, a missing file is said at once and always.
async function pthreadLoaderThere() {
    if (!threaded)
        return true;
    const url = new URL('qec-mt.worker.js', self.location.href).href;
    const ok = await fetch(url, {method: 'HEAD'}).then((r) => r.ok, () => false);
    if (!ok)
        finish({fatal: "cannot start the engine's threads (qec-mt.worker.js missing or broken: not found)"});
    return ok;
}

if (!done) pthreadLoaderThere().then((there) => {
    if (!there || done)
        return;
    createQec({
        print: (line) => postMessage(line),
        printErr: (line) => console.warn(`qec: ${line}`),
        qecTakeUrgent: takeUrgent,
        // the threaded build: its pthreads load the loader by this address (not this worker's)
        mainScriptUrlOrBlob: new URL(loader, self.location.href).href,
        qecPool: ceiling + 1, // PTHREAD_POOL_SIZE (web/module.mk)
        onAbort: (what) => finish(engine ? {died: `engine aborted: ${what}`}
            : {fatal: `cannot start the engine ${wasmFile} (missing or corrupt: ${what})`}),
    }).then((m) => {
        if (done)
            return;
        engine = m;
        session = m._qec_wasm_new(ceiling);
        if (!session)
            return finish({fatal: 'the engine could not start (out of memory)'});
        postMessage({ready: true, build: threaded ? 'threads' : 'single', threads: ceiling});
        pump();
    }, (e) => finish({fatal: `cannot start the engine ${wasmFile} (missing or corrupt: ${e && e.message || e})`}));
});
