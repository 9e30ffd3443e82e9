// One engine session: a WebSocket to websocketd, which runs one ./qec per connection and
// passes its stdin/stdout line by line (`make web`), or a Web Worker running the engine
// compiled to WebAssembly (`make wasm`'s static site, web/wasm/engine-worker.js): the same
// engine, the same lines. The page speaks only the engine's UCI protocol
// (docs/gui/protocol.md); it never decides a rule itself.
//
// Requests are serialised (one at a time per session), so a reply is never mixed with the
// reply to another request. When the engine dies (the socket closes), the session reconnects,
// which starts a fresh ./qec, replays `uci` and the remembered setoption lines, and the
// request that was in flight is retried once (it starts with its own `position`, so the game
// position is resent).

import {DEFAULT_VARIANT} from './variants.js';

export class EngineDied extends Error {}
// The engine cannot be started at all (the static site's engine files are missing or
// corrupt): retrying does not help.
export class EngineUnavailable extends Error {}

export class Engine {
    // url: a ws:// address, or {worker: 'engine-worker.js'}
    constructor(url, name, hooks = {}) {
        this.url = url;
        this.idName = '';             // the engine's `id name`
        this.name = name;
        this.hooks = hooks;           // onLine(line), onSent(line), onRestart(), onError(msg),
                                      // onUnavailable(msg): the engine cannot be started
        this.options = new Map();     // setoption lines kept for a restart, by option name
        this.variants = [];           // UCI_Variant values the engine offers
        this.collector = null;        // {until: RegExp, lines: [], resolve, reject}
        this.queue = Promise.resolve();
        this.ws = null;
        this.closing = false;
        this.restarts = 0;
        this.searching = false;
        this.build = null;            // the Worker's engine build: 'threads' or 'single'
        this.threadsMax = 1;          // its Threads ceiling (the browser's cores, capped)
    }

    // How the engine runs, for the status line: the Worker's build, or '' for the WebSocket.
    get buildNote() {
        if (this.build === 'threads')
            return `${this.threadsMax} thread${this.threadsMax > 1 ? 's' : ''}: cross-origin isolated`;
        if (this.build === 'single')
            return 'one thread: the page is not cross-origin isolated';
        return '';
    }

    // Opens the socket and waits for `uciok`; replays the remembered options.
    async connect() {
        this.ws = await (typeof this.url === 'string' ? openSocket(this.url) : openWorker(this.url.worker));
        this.ws.onmessage = (ev) => this.receive(String(ev.data));
        this.ws.onclose = () => this.died();
        this.build = this.ws.build || null;
        this.threadsMax = this.ws.threads || 1;
        // The threaded build searches with every thread it has unless the page says otherwise.
        if (this.threadsMax > 1 && !this.options.has('Threads'))
            this.options.set('Threads', `setoption name Threads value ${this.threadsMax}`);
        const lines = await this.collect(['uci'], /^uciok$/);
        this.variants = parseVariants(lines);
        this.idName = (lines.find((l) => l.startsWith('id name ')) || '').slice('id name '.length);
        for (const line of this.options.values())
            this.send(line);
    }

    close() {
        this.closing = true;
        if (this.ws)
            this.ws.close();
    }

    send(line) {
        if (!this.ws || this.ws.readyState !== OPEN)
            throw new EngineDied(`${this.name}: engine not connected`);
        this.hooks.onSent?.(line);
        this.ws.send(line);
    }

    // Sets an option and remembers it for a restart.
    setOption(name, value) {
        const line = `setoption name ${name} value ${value}`;
        this.options.set(name, line);
        return this.query([line]);
    }

    // Sends lines, then `isready`; resolves with every line printed before `readyok`.
    query(lines) {
        return this.exclusive(() => this.collect([...lines, 'isready'], /^readyok$/));
    }

    // Sends lines ending with a `go …`; onInfo sees each info line; resolves with the
    // bestmove line's words. `stop()` may be sent meanwhile.
    search(lines, onInfo) {
        return this.exclusive(async () => {
            this.searching = true;
            this.onInfo = onInfo;
            try {
                const out = await this.collect(lines, /^bestmove\b/);
                return out[out.length - 1].split(/\s+/);
            } finally {
                this.searching = false;
                this.onInfo = null;
            }
        });
    }

    stop() {
        if (this.searching)
            this.send('stop');
    }

    // Runs fn alone on this session; if the engine dies meanwhile, waits for the restart
    // and runs fn once more.
    exclusive(fn) {
        const run = async () => {
            try {
                return await fn();
            } catch (e) {
                if (!(e instanceof EngineDied) || this.closing)
                    throw e;
                await this.reconnected;
                return fn();
            }
        };
        const p = this.queue.then(run, run);
        this.queue = p.catch(() => {});
        return p;
    }

    collect(lines, until) {
        return new Promise((resolve, reject) => {
            this.collector = {until, lines: [], resolve, reject};
            try {
                for (const l of lines)
                    this.send(l);
            } catch (e) {
                this.collector = null;
                reject(e);
            }
        });
    }

    receive(data) {
        for (const line of data.split('\n')) {
            if (line === '')
                continue;
            this.hooks.onLine?.(line);
            if (line.startsWith('info string error'))
                this.hooks.onError?.(line.slice('info string '.length));
            if (line.startsWith('info ') && this.onInfo)
                this.onInfo(line);
            const c = this.collector;
            if (!c)
                continue;
            c.lines.push(line);
            if (c.until.test(line)) {
                this.collector = null;
                c.resolve(c.lines);
            }
        }
    }

    // The socket closed: fail the request in flight and start a new engine.
    died() {
        const c = this.collector;
        this.collector = null;
        this.ws = null;
        if (this.closing)
            return;
        this.restarts++;
        this.reconnected = this.reconnect();
        c?.reject(new EngineDied(`${this.name}: engine died`));
    }

    async reconnect() {
        for (let delay = 200; !this.closing; delay = Math.min(2 * delay, 3000)) {
            try {
                await this.connect();
                this.hooks.onRestart?.();
                return;
            } catch (e) {
                if (e instanceof EngineUnavailable) {
                    this.hooks.onUnavailable?.(e.message);
                    return;
                }
                await new Promise((r) => setTimeout(r, delay));
            }
        }
    }
}

const OPEN = 1; // WebSocket.OPEN

// The Worker of the static site, shaped as the little of a WebSocket the session uses:
// readyState, send, close, onmessage({data}) and onclose(), plus the engine build the Worker
// chose (build, threads: engine-worker.js). Resolves once the engine inside
// has started; rejects with EngineUnavailable when its files cannot be loaded.
function openWorker(url) {
    return new Promise((resolve, reject) => {
        let worker;
        try {
            worker = new Worker(url);
        } catch (e) {
            reject(new EngineUnavailable(`cannot start the engine worker ${url}: ${e.message}`));
            return;
        }
        const sock = {
            readyState: 0,
            onmessage: null,
            onclose: null,
            send: (line) => worker.postMessage(line),
            close: () => gone(),
        };
        const gone = () => {
            if (sock.readyState === 3)
                return;
            const wasOpen = sock.readyState === OPEN;
            sock.readyState = 3;
            worker.terminate();
            if (wasOpen)
                sock.onclose?.();
        };
        worker.onmessage = (ev) => {
            const m = ev.data;
            if (typeof m === 'string')
                sock.onmessage?.({data: m});
            else if (m.ready) {
                sock.readyState = OPEN;
                sock.build = m.build;
                sock.threads = m.threads;
                resolve(sock);
            } else if (m.fatal) {
                gone();
                reject(new EngineUnavailable(m.fatal));
            } else if (m.died || m.closed) {
                if (m.died)
                    console.warn(m.died);
                if (sock.readyState !== OPEN)
                    reject(new EngineDied(m.died || 'engine quit'));
                gone();
            }
        };
        // A worker script that is missing or does not parse: no message ever comes.
        worker.onerror = (ev) => {
            ev.preventDefault?.();
            if (sock.readyState === OPEN) {
                gone();
                return;
            }
            gone();
            reject(new EngineUnavailable(`cannot start the engine worker ${url} (missing or broken: ${ev.message || 'load error'})`));
        };
    });
}

function openSocket(url) {
    return new Promise((resolve, reject) => {
        const ws = new WebSocket(url);
        ws.onopen = () => resolve(ws);
        ws.onerror = () => reject(new EngineDied(`cannot connect to ${url}`));
    });
}

// `option name UCI_Variant type combo default qec var qec var chess`
function parseVariants(lines) {
    const line = lines.find((l) => /^option name UCI_Variant /i.test(l));
    if (!line)
        return [DEFAULT_VARIANT];
    return [...line.matchAll(/\bvar (\S+)/g)].map((m) => m[1]);
}

// Parses the `Name: value` lines of `d` (docs/gui/protocol.md, "d: the board and the decision
// point"): fen, links, key, phase, decider, pending, result and termination (the record's
// Termination tag, from the engine's table of game ends); worlds and types (schroedinger);
// lastLong and lastShort, the turn of the last decision in the engine's two notations for people
// (schroedinger has one form, long algebraic with M for a major: its `Last move:` line is both);
// lastToken, that turn's token (what a move in people's notation was read as).
const BOARD_FIELDS = {Fen: 'fen', Links: 'links', Key: 'key', Phase: 'phase', Decider: 'decider', Pending: 'pending',
    Result: 'result', Termination: 'termination', Worlds: 'worlds', Types: 'types', 'Last turn': 'lastLong', 'Last turn (short)': 'lastShort', 'Last move': 'lastMove',
    'Last turn (token)': 'lastToken', 'Last move (token)': 'lastToken'};
export function parseBoard(lines) {
    const info = {};
    for (const line of lines) {
        const m = /^([A-Z][a-z]+(?: turn(?: \((?:short|token)\))?| move(?: \(token\))?)?): (.*)$/.exec(line);
        if (m && BOARD_FIELDS[m[1]])
            info[BOARD_FIELDS[m[1]]] = m[2].trim();
    }
    if (info.lastMove) {
        info.lastLong = info.lastLong || info.lastMove;
        info.lastShort = info.lastShort || info.lastMove;
    }
    return info;
}

// `Types: a1=KQRBN c3=N` -> Map {'a1' => 'KQRBN', 'c3' => 'N'}
export function parseTypes(text) {
    const out = new Map();
    for (const w of (text || '').split(/\s+/)) {
        const m = /^([a-h][1-8])=([KQRBN]+)$/.exec(w);
        if (m)
            out.set(m[1], m[2]);
    }
    return out;
}

// `info string legal-kinds e2e4:native a6b8q:apex …` (`legal kinds`) -> Map tok => kind, or null.
export function parseLegalKinds(lines) {
    const line = lines.find((l) => l.startsWith('info string legal-kinds'));
    if (line === undefined)
        return null;
    const out = new Map();
    for (const w of line.slice('info string legal-kinds'.length).trim().split(/\s+/).filter(Boolean)) {
        const [tok, kind] = w.split(':');
        out.set(tok, kind);
    }
    return out;
}

// `info string legal a2a3 …` -> ['a2a3', …]
export function parseLegal(lines) {
    const line = lines.find((l) => l.startsWith('info string legal'));
    if (line === undefined)
        return null;
    return line.slice('info string legal'.length).trim().split(/\s+/).filter(Boolean);
}

// `info string turns multipv K <movetext>` (ShowTurns, docs/gui/protocol.md): the pv line just
// before it as whole turns for people -> {multipv, turns}, or null.
export function parseTurns(line) {
    const m = /^info string turns multipv (\d+) (.*)$/.exec(line);
    return m ? {multipv: +m[1], turns: m[2].trim()} : null;
}

// An `info … score … pv …` line -> {multipv, depth, cp|mate, wdl, bound, pv}, or null. wdl:
// [W, D, L] per mille for the side that decides (UCI_ShowWDL), when the line has it; the bound
// may stand before or after it.
export function parseInfo(line) {
    const w = line.split(/\s+/);
    const out = {multipv: 1, pv: []};
    for (let i = 1; i < w.length; i++) {
        switch (w[i]) {
        case 'depth': out.depth = +w[++i]; break;
        case 'multipv': out.multipv = +w[++i]; break;
        case 'nodes': out.nodes = +w[++i]; break;
        case 'score':
            if (w[i + 1] === 'cp') out.cp = +w[i + 2];
            else if (w[i + 1] === 'mate') out.mate = +w[i + 2];
            i += 2;
            break;
        case 'lowerbound': case 'upperbound': out.bound = w[i]; break;
        case 'wdl':
            out.wdl = [+w[i + 1], +w[i + 2], +w[i + 3]];
            if (!out.wdl.every(Number.isInteger)) delete out.wdl;
            i += 3;
            break;
        case 'pv': out.pv = w.slice(i + 1); i = w.length; break;
        case 'string': return null;
        default: break;
        }
    }
    return out.cp === undefined && out.mate === undefined ? null : out;
}
