// `bench` of the WebAssembly engine, run as the page runs it: in a Web Worker of make wasm's
// static site, in headless Chromium (Debian's, driven by playwright-core from web/). Prints
// the engine's bench summary (Total time, Nodes searched, Nodes/second).
//   python3 -m http.server -d build/site 8000 &  node bench/wasm-bench.mjs http://127.0.0.1:8000/ [bench args]
// Compare with `./qec bench [bench args]` (docs/players/play-in-browser.md, "Speed and size").
import {chromium} from '../web/node_modules/playwright-core/index.mjs';

const [url, ...args] = process.argv.slice(2);
const browser = await chromium.launch({executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu']});
try {
    const page = await browser.newPage();
    await page.goto(url);
    // (not `isready` after it: a search answers isready at once, the summary ends the bench)
    const summary = await page.evaluate((cmd) => new Promise((resolve, reject) => {
        const w = new Worker('engine-worker.js');
        const lines = [];
        w.onmessage = (ev) => {
            if (ev.data?.ready)
                w.postMessage(cmd);
            else if (ev.data?.fatal || ev.data?.died)
                reject(new Error(ev.data.fatal || ev.data.died));
            else if (typeof ev.data === 'string' && /^(Total time|Nodes searched|Nodes\/second)/.test(ev.data)) {
                lines.push(ev.data);
                if (ev.data.startsWith('Nodes/second'))
                    resolve(lines.join('\n'));
            }
        };
    }), ['bench', ...args].join(' '));
    console.log(summary);
} finally {
    await browser.close();
}
