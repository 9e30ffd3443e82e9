// Opens N engine sessions on the web board's WebSocket and keeps them open (so that stopping
// the server has live engines to stop). Prints "open" once every engine answered `uciok`.
//   node --experimental-websocket tests/web/hold.mjs ws://127.0.0.1:PORT/ N
const [url, n] = process.argv.slice(2);
let ready = 0;
for (let i = 0; i < +n; i++) {
    // websocketd runs with --sameorigin: say we come from the page's own origin (undici's
    // WebSocket takes extra headers as an extension).
    const ws = new WebSocket(url, {headers: {Origin: url.replace(/^ws/, 'http').replace(/\/$/, '')}});
    ws.onopen = () => ws.send('uci');
    ws.onmessage = (ev) => {
        if (String(ev.data).trim() === 'uciok' && ++ready === +n)
            console.log('open');
    };
    ws.onclose = () => {};
    ws.onerror = () => { console.log('error'); process.exit(1); };
}
setInterval(() => {}, 1000);
