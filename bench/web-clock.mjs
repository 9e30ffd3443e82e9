// Engine-against-engine games on the web board's clock, in headless Chromium (Debian's, driven
// by playwright-core from web/), to see whether the engine keeps its time there: the page's
// engine answers over a Web Worker (make wasm's site) or websocketd (make web), and the page
// charges each side from its `go` to its answer (docs/players/web-board.md, "The clock"). Each
// game is started from the New-game form (engine against engine, qec, the default map, Engine
// clock M+S) and played to its end; a line per game (the result, the decisions, both clocks
// left), then the losses on time. A soak, not a test (its outcome depends on the machine).
//   python3 web/serve_static.py build/site 8000 &
//   node bench/web-clock.mjs http://127.0.0.1:8000/ [TC [GAMES]]      default 0.25+0 (15 s), 4 games
import {chromium} from '../web/node_modules/playwright-core/index.mjs';

const [url, tc = '0.25+0', games = '4'] = process.argv.slice(2);
if (!url) {
    console.error('usage: node bench/web-clock.mjs URL [TC [GAMES]]');
    process.exit(2);
}
const browser = await chromium.launch({executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu']});
let flags = 0;
try {
    const page = await (await browser.newContext()).newPage();
    page.on('dialog', (d) => d.accept().catch(() => {})); // "discard the game in progress?"
    await page.goto(url);
    await page.waitForFunction(() => window.qecPage && ['human', 'over'].includes(document.body.dataset.state), null,
        {timeout: 120000});
    for (let g = 1; g <= +games; g++) {
        const id = await page.evaluate(() => window.qecPage.game.id);
        await page.selectOption('#variant', 'qec');
        await page.selectOption('#side', 'none');
        await page.selectOption('#limit', 'clock');
        await page.fill('#tc', tc);
        await page.click('#new-game');
        await page.waitForFunction((i) => window.qecPage.game.id > i, id);
        await page.waitForFunction(() => document.body.dataset.state === 'over', null, {timeout: 0});
        const r = await page.evaluate(() => ({result: document.getElementById('result').textContent,
            decisions: window.qecPage.game.decisions.length, white: document.getElementById('clock-white').textContent,
            black: document.getElementById('clock-black').textContent}));
        if (r.result.includes('loses on time'))
            flags++;
        console.log(`game ${g}: ${r.result.replace(/^Game over: /, '')}, ${r.decisions} decisions, left White ${r.white}`
            + ` Black ${r.black}`);
    }
} finally {
    await browser.close();
}
console.log(`web-clock: ${games} games at ${tc}, ${flags} lost on time`);
