// The static site of `make wasm` with its engine files missing or corrupt: the page must say
// so on the page (the status line), not hang on "connecting…".
//   node tests/web/broken.mjs SITE_DIR
// Each case is a copy of the site with one file removed or overwritten, served by
// `python3 -m http.server` (the one-thread engine build) or, for the threaded build's files, by
// web/serve_static.py (cross-origin isolated); prints FAIL lines and ends with "web-broken: N passed, N failed".
import {chromium} from '../../web/node_modules/playwright-core/index.mjs';
import {spawn, execFileSync} from 'node:child_process';
import {cpSync, mkdtempSync, rmSync, writeFileSync, readFileSync} from 'node:fs';
import {join} from 'node:path';
import {tmpdir} from 'node:os';

const [site] = process.argv.slice(2);
let pass = 0, fail = 0;
function check(name, ok, detail = '') {
    if (ok) pass++;
    else { fail++; console.log(`FAIL: ${name}${detail ? ` (${detail})` : ''}`); }
}

// name, what is done to the copy, what the message must name[, served isolated: threads]
const CASES = [
    ['qec.wasm missing', (d) => rmSync(join(d, 'qec.wasm')), /qec\.wasm/],
    ['qec.wasm corrupt', (d) => writeFileSync(join(d, 'qec.wasm'), readFileSync(join(d, 'qec.wasm')).subarray(0, 5000)), /qec\.wasm/],
    ['qec.wasm not WebAssembly', (d) => writeFileSync(join(d, 'qec.wasm'), '<html>not found</html>'), /qec\.wasm/],
    ['qec.js missing', (d) => rmSync(join(d, 'qec.js')), /qec\.js/],
    ['engine-worker.js missing', (d) => rmSync(join(d, 'engine-worker.js')), /engine-worker\.js/],
    ['qec-mt.wasm missing (threads)', (d) => rmSync(join(d, 'qec-mt.wasm')), /qec-mt\.wasm/, true],
    ['qec-mt.js missing (threads)', (d) => rmSync(join(d, 'qec-mt.js')), /qec-mt\.js/, true],
    ['qec-mt.worker.js missing (threads)', (d) => rmSync(join(d, 'qec-mt.worker.js')), /qec-mt\.worker\.js/, true],
];

// A port below the kernel's ephemeral range, free by a bind (tests/free_port.py says why).
const freePort = () => Number(execFileSync('python3', [new URL('../free_port.py', import.meta.url).pathname],
    {encoding: 'utf8'}).trim());
// Starts a server (ARGS with the port appended) and waits, bounded, until it answers while it
// runs; one that ends first (its port taken by a neighbour) is tried again on another port.
async function startServer(args) {
    for (let attempt = 0; attempt < 3; attempt++) {
        const port = freePort();
        const child = spawn('python3', [...args, String(port)], {stdio: 'ignore'});
        let ended = false;
        child.once('exit', () => { ended = true; });
        for (const end = Date.now() + 60000; Date.now() < end && !ended;) {
            if (await fetch(`http://127.0.0.1:${port}/`, {signal: AbortSignal.timeout(5000)}).then(() => true, () => false)) {
                if (!ended) return {port, child};
            }
            await new Promise((r) => setTimeout(r, 100));
        }
        child.kill();
    }
    throw new Error(`the server ${args.join(' ')} did not start (three ports tried)`);
}

const root = mkdtempSync(join(tmpdir(), 'qec-broken-'));
CASES.forEach(([, spoil], i) => {
    cpSync(site, join(root, `c${i}`), {recursive: true});
    spoil(join(root, `c${i}`));
});
let server, isoServer, port, isoPort;
try {
    ({port, child: server} = await startServer(['-m', 'http.server', '-b', '127.0.0.1', '-d', root]));
    ({port: isoPort, child: isoServer} = await startServer([new URL('../../web/serve_static.py', import.meta.url).pathname, root]));
} catch (e) {
    check('the static servers start', false, String(e.message || e));
    server?.kill();
    rmSync(root, {recursive: true, force: true});
    console.log(`web-broken: ${pass} passed, ${fail} failed`);
    process.exit(1);
}
const browser = await chromium.launch({executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu']});
try {
    for (const [i, [name, , names, isolated]] of CASES.entries()) {
        const page = await browser.newPage();
        const errors = [];
        page.on('pageerror', (e) => errors.push(String(e)));
        await page.goto(`http://127.0.0.1:${isolated ? isoPort : port}/c${i}/`);
        const shown = await page.waitForFunction(() => document.body.dataset.state === 'error'
            && /^engine unavailable/.test(document.getElementById('conn').textContent), null, {timeout: 60000})
            .then(() => page.textContent('#conn'), async () => `not shown: ${await page.textContent('#conn')}`);
        if (process.env.SHOW) console.log(`${name}: ${shown}`);
        check(`${name}: the page says the engine is unavailable and why`, /^engine unavailable: /.test(shown)
            && names.test(shown) && /missing|corrupt|cannot/.test(shown), shown);
        check(`${name}: no script error`, errors.length === 0, errors.join(' | '));
        await page.close();
    }
} finally {
    await browser.close();
    server.kill();
    isoServer.kill();
    rmSync(root, {recursive: true, force: true});
}
console.log(`web-broken: ${pass} passed, ${fail} failed`);
process.exit(fail ? 1 : 0);
