// The engine in a Web Worker (make wasm; docs/players/play-in-browser.md): qec.wasm, built from
// the same C sources as ./qec, speaks the same protocol. The page posts command lines (strings,
// as it sends them over the WebSocket of `make web`); the worker posts each output line back as
// a string. Its own news are objects: {ready: true} once the engine has started, {fatal: text}
// when the engine files cannot be loaded, {died: text} when the engine crashed, {closed: true}
// after `quit`.
//
// One thread: a command runs to its end before the next one starts, except that a search
// polls every few milliseconds (uci/wasm.c): Asyncify suspends it, this worker's event loop
// runs (new lines are queued), and the search takes the stop, ponderhit, isready or quit at
// the head of the queue (Module.qecTakeUrgent).
'use strict';

const queue = [];
let engine = null, session = 0, busy = false, done = false;

const URGENT = new Set(['stop', 'ponderhit', 'isready']);

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

try {
    importScripts('qec.js');
} catch (e) {
    finish({fatal: `cannot load the engine's loader qec.js (${e && e.message || e})`});
}

if (!done) {
    createQec({
        print: (line) => postMessage(line),
        printErr: (line) => console.warn(`qec: ${line}`),
        qecTakeUrgent: takeUrgent,
        onAbort: (what) => finish(engine ? {died: `engine aborted: ${what}`}
            : {fatal: `cannot start the engine qec.wasm (missing or corrupt: ${what})`}),
    }).then((m) => {
        if (done)
            return;
        engine = m;
        session = m._qec_wasm_new();
        if (!session)
            return finish({fatal: 'the engine could not start (out of memory)'});
        postMessage({ready: true});
        pump();
    }, (e) => finish({fatal: `cannot start the engine qec.wasm (missing or corrupt: ${e && e.message || e})`}));
}
