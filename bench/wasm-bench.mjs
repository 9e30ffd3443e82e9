// `bench` of the WebAssembly engine, run as the page runs it: in a Web Worker of make wasm's
// static site, in headless Chromium (Debian's, driven by playwright-core from web/). Prints
// the engine build the Worker ran, its start (`Engine start ms`: the Worker made to the engine
// ready, i.e. loader, module compiled, tables made) and the engine's bench summary (Total time,
// Nodes searched, Nodes/second).
//   python3 web/serve_static.py build/site 8000 &
//   node bench/wasm-bench.mjs http://127.0.0.1:8000/ [--build threads|single] [--warm] [--blank] [bench args]
// --warm runs the bench once untimed first and times the second run in the same Worker: V8 runs
// a fresh page's WebAssembly in its baseline tier and recompiles the hot functions with its
// optimising tier while the search goes on, which costs a fresh page's first bench about 8% of
// its CPU time on a 2-core machine (docs/results/webassembly.md); the second run is what an
// engine in use runs.
// The first run's time is printed as `Warm-up run ms`.
// --blank runs the Worker on an empty page of the site's origin instead of the board (whose own
// engine starts beside it): measured no different (docs/results/webassembly.md, 2026-12-03).
// --build picks the engine build (engine-worker.js?build=…); without it the Worker chooses as
// for the page: threads when the site is served cross-origin isolated (serve_static.py), one
// thread otherwise (python3 -m http.server). `bench 16 2` searches with two threads (the
// threaded build only: the one-thread build refuses it).
// Compare with `./qec bench [bench args]`, or two runs with bench/ab.py (interleaved rounds and
// a confidence interval; docs/players/play-in-browser.md, "Speed and size"), e.g.
//   bench/ab.py --metric 'Nodes/second\s*:\s*(\d+)' \
//     -a 'node bench/wasm-bench.mjs http://127.0.0.1:8000/ 16 2' -b 'node bench/wasm-bench.mjs http://127.0.0.1:8000/ 16 1'
import {chromium} from '../web/node_modules/playwright-core/index.mjs';
import {readdirSync, readFileSync} from 'node:fs';

// The CPU time (user + system, ms) of the Web Workers' threads (the engine's Worker and its
// pthreads: Chromium names them DedicatedWorker) in the processes below this one, from /proc: on
// a machine shared with other work, nodes per CPU-second holds stiller than per wall second (one
// search thread only: with more, it counts every thread's time).
function stat(path) {
    const st = readFileSync(path, 'utf8');
    return st.slice(st.lastIndexOf(')') + 2).split(' '); // [0] is field 3 (state)
}
function workerCpuMs() {
    const parent = new Map();
    for (const d of readdirSync('/proc')) {
        try {
            if (/^\d+$/.test(d))
                parent.set(+d, +stat(`/proc/${d}/stat`)[1]);
        } catch { /* gone meanwhile */ }
    }
    const mine = (pid) => {
        for (let p = pid; p > 1 && parent.has(p); p = parent.get(p))
            if (parent.get(p) === process.pid)
                return true;
        return false;
    };
    let ticks = 0;
    for (const pid of parent.keys()) {
        if (!mine(pid))
            continue;
        try {
            for (const t of readdirSync(`/proc/${pid}/task`)) {
                if (readFileSync(`/proc/${pid}/task/${t}/comm`, 'utf8').startsWith('DedicatedWorker')) {
                    const f = stat(`/proc/${pid}/task/${t}/stat`);
                    ticks += +f[11] + +f[12];
                }
            }
        } catch { /* gone meanwhile */ }
    }
    return ticks * 10; // USER_HZ is 100 on Linux
}

const argv = process.argv.slice(2);
const url = argv.shift();
let build = '', warm = false, blank = false;
for (;;) {
    if (argv[0] === '--build') {
        argv.shift();
        build = argv.shift();
        if (build !== 'threads' && build !== 'single') {
            console.error('error: --build wants threads or single');
            process.exit(2);
        }
    } else if (argv[0] === '--warm') {
        argv.shift();
        warm = true;
    } else if (argv[0] === '--blank') {
        argv.shift();
        blank = true;
    } else
        break;
}
if (!url || argv.some((a) => !/^\d+$/.test(a))) {
    console.error('usage: node bench/wasm-bench.mjs URL [--build threads|single] [--warm] [--blank] [hash [threads [depth]]]');
    process.exit(2);
}
const browser = await chromium.launch({executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu']});
try {
    const page = await browser.newPage();
    if (blank) { // an empty page of the same origin, isolated as the site's pages are
        const empty = new URL('wasm-bench-empty.html', url).href;
        await page.route(empty, (route) => route.fulfill({status: 200, contentType: 'text/html',
            headers: {'Cross-Origin-Opener-Policy': 'same-origin', 'Cross-Origin-Embedder-Policy': 'require-corp'},
            body: '<!doctype html><title>bench</title>'}));
        await page.goto(empty);
    } else
        await page.goto(url);
    // (not `isready` after it: a search answers isready at once, the summary ends the bench)
    await page.exposeFunction('qecCpuMs', workerCpuMs);
    const summary = await page.evaluate(([cmd, worker, warmRuns]) => new Promise((resolve, reject) => {
        const t0 = performance.now();
        const w = new Worker(worker);
        const lines = [];
        let cpu0 = 0;
        w.onmessage = async (ev) => {
            if (ev.data?.ready) {
                lines.push(`Engine build    : ${ev.data.build} (threads at most ${ev.data.threads})`,
                    `Engine start ms : ${Math.round(performance.now() - t0)}`);
                cpu0 = await window.qecCpuMs();
                w.postMessage(cmd);
                if (warmRuns)
                    w.postMessage(cmd);
            } else if (ev.data?.fatal || ev.data?.died)
                reject(new Error(ev.data.fatal || ev.data.died));
            else if (typeof ev.data === 'string' && ev.data.startsWith('info string error'))
                reject(new Error(ev.data));
            else if (typeof ev.data === 'string' && /^(Total time|Nodes searched|Nodes\/second)/.test(ev.data)) {
                lines.push(ev.data);
                if (ev.data.startsWith('Nodes/second') && warmRuns) { /* the untimed first run ends */
                    warmRuns--;
                    const first = /Total time \(ms\)\s*:\s*(\d+)/.exec(lines.join('\n'))?.[1];
                    lines.splice(2, Infinity, `Warm-up run ms  : ${first}`);
                    cpu0 = await window.qecCpuMs();
                } else if (ev.data.startsWith('Nodes/second')) {
                    const cpu = await window.qecCpuMs() - cpu0;
                    const nodes = +/Nodes searched\s*:\s*(\d+)/.exec(lines.join('\n'))?.[1];
                    lines.push(`CPU time (ms)   : ${cpu}`, `Nodes/CPU-second: ${Math.round(nodes * 1000 / Math.max(cpu, 1))}`);
                    resolve(lines.join('\n'));
                }
            }
        };
    }), [['bench', ...argv].join(' '), `engine-worker.js${build ? `?build=${build}` : ''}`, warm ? 1 : 0]);
    console.log(summary);
} finally {
    await browser.close();
}
