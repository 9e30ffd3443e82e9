// The web board's end-to-end scenarios for the other games and the review (tests/web/e2e.mjs
// runs them): tether's move kinds, schroedinger's unknown majors and checks, the check marks,
// and the review of the scripted game and of a pasted chess game.
import {spawnSync} from 'node:child_process';
import {existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import {dirname, join, resolve} from 'node:path';
import {tmpdir} from 'node:os';
import {shots, qec, PREFIX, FEN, MAP, check, status, settle, drawn, until, tap, clickMove, panel, engineD,
    analysisLines, newGame} from './e2e_page.mjs';

// ---- tether: moves coloured by kind (the engine's `legal kinds`), an apex promotion ----
// a6 pawn and c6 knight are rank-mates (T2.2): a7 is the pawn's own move, the knight's jumps
// are lent to it, and its jumps to b8 and d8 promote at once (T2.6, the seed's Pawn-Knight Apex).
export const TETHER_FEN = '4k3/8/P1N5/8/8/8/8/4K3 w - - 0 1';
export async function tether(page) {
    await newGame(page, {variant: 'tether', fen: TETHER_FEN});
    let s = await settle(page, 0);
    check('tether: white base move, no links', s.phase === 'base' && s.linkArrows === 0, JSON.stringify(s));
    await panel(page, 'analysis');
    await page.selectOption('#multipv', '2');
    await page.check('#analyse');
    await analysisLines(page, 2, 'tether', TETHER_FEN, 'none', []);
    await page.uncheck('#analyse');
    await page.click('#stop');
    await tap(page, 'a6');
    await page.waitForFunction(() => document.querySelectorAll('cg-board square.kind-apex').length > 0, null, {timeout: 15000})
        .catch(() => {});
    const mates = await page.evaluate(() => [...window.qecPage.cg.state.highlight.custom]
        .filter(([, cls]) => cls.split(' ').includes('rank-mate')).map(([sq]) => sq).sort().join(' '));
    check('tether: the selected pawn\'s rank-mate outlined, the knight it borrows from (T2.2)', mates === 'c6', mates);
    const kinds = await page.evaluate(() => {
        const custom = window.qecPage.cg.state.highlight.custom;
        const of = (k) => [...custom].filter(([, cls]) => cls.includes(`kind-${k}`)).map(([sq]) => sq).sort().join(' ');
        return {native: of('native'), transporter: of('transporter'), apex: of('apex'),
            star: afterContent('cg-board square.kind-apex'),
            legend: !document.getElementById('kinds-legend').hidden};
    });
    check('tether: the a6 pawn\'s native move (T2.1)', kinds.native === 'a7', kinds.native);
    check('tether: its transporter moves coloured apart (T2.2)', kinds.transporter === 'a5 b4 d4 e5 e7', kinds.transporter);
    check('tether: apex promotions marked (T2.6)', kinds.apex === 'b8 d8' && kinds.star === '"★"', JSON.stringify(kinds));
    check('tether: the legend is shown', kinds.legend);
    await page.screenshot({path: `${shots}/${PREFIX}tether.png`});
    await tap(page, 'b8');
    await page.waitForFunction(() => !document.getElementById('promo').hidden);
    check('tether: the promotion box says apex', await page.isVisible('#promo-apex'));
    await page.click('#promo button[data-p="q"]');
    s = await settle(page, 2, ['human', 'over']);
    const d = engineD(TETHER_FEN, 'none', s.moves.map((m) => m.split(' ')[1]), 'tether');
    check('tether: the apex promotion and the engine\'s reply played', s.moves[0] === '1. a6b8q' && d.fen === s.fen, `${s.moves} ${d.fen} / ${s.fen}`);
    check('tether: the move list in the engine\'s SAN, the apex turn marked', s.shortMoves[0] === engineD(TETHER_FEN, 'none', ['a6b8q'], 'tether').lastShort
        && await page.$eval('#moves li.turn', (li) => li.classList.contains('apex')), s.shortMoves.join(' '));
    const record = await page.inputValue('#record');
    check('tether: the record says the variant, the move in SAN with its token', record.includes('[Variant "Tether"]') // the engine's tag (qec --list variants)
        && record.includes(`1. ${s.shortMoves[0].replace(/^\d+\.+\s*/, '')} {a6b8q}`) && !record.includes('[EntMap'), record);
    await replaysItself(page, 'tether', record, s);

    // castling by clicks: the king onto its own rook, e1h1 (T6.2); the king's e1g1 would
    // borrow the rook's reach (transporter)
    const CASTLE = '4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1';
    await newGame(page, {variant: 'tether', fen: CASTLE});
    await settle(page, 0);
    const k = await page.evaluate(() => [window.qecPage.game.kinds.get('e1h1'), window.qecPage.game.kinds.get('e1g1')]);
    check('tether: castling native, the king\'s teleport transporter', k.join() === 'native,transporter', k.join());
    await clickMove(page, 'e1', 'h1');
    s = await settle(page, 2);
    const cd = engineD(CASTLE, 'none', s.moves.map((m) => m.split(' ')[1]), 'tether');
    check('tether: castling e1h1 played by clicks', s.moves[0] === '1. e1h1' && s.fen === cd.fen && s.fen.includes('/R4RK1 '),
        `${s.moves} ${s.fen}`);
}

// A variant's record pasted back: the same variant, moves (short forms too) and record.
export async function replaysItself(page, variant, record, s) {
    const before = await page.evaluate(() => window.qecPage.game.id);
    await panel(page, 'record');
    await page.fill('#record', record);
    await page.click('#replay');
    await page.waitForFunction((id) => window.qecPage.game.id > id, before);
    const r = await settle(page, s.n);
    const again = await page.inputValue('#record');
    const v = await page.evaluate(() => window.qecPage.game.variant);
    check(`${variant}: its record replays`, v === variant && r.moves.join() === s.moves.join()
        && r.shortMoves.join() === s.shortMoves.join() && r.fen === s.fen && again === record, `${v} ${r.moves} ${r.shortMoves}\n${again}`);
}

// ---- the review (review.js): the scripted game, a pasted chess game with a known blunder ----
export const reviewState = (page) => page.evaluate(() => {
    const r = window.qecPage.review;
    return {state: document.body.dataset.review, done: r.done, total: r.total, running: r.running,
        points: r.points.map((p) => ({i: p.i, judge: p.judge, best: p.bestText})),
        dots: [...document.querySelectorAll('#review-graph circle.pt')].map((c) => +c.dataset.i),
        marks: [...document.querySelectorAll('#review-marks li')].map((li) => ({i: +li.dataset.i, cls: li.className, text: li.textContent})),
        status: document.getElementById('review-status').textContent, summary: document.getElementById('review-summary').textContent};
});
export async function startReview(page, nodes) {
    await panel(page, 'review');
    await page.fill('#review-nodes', String(nodes));
    const gen = await page.evaluate(() => window.qecPage.review.gen);
    await page.click('#review');
    await page.waitForFunction((g) => window.qecPage.review.gen > g, gen);
}
// The move list after a review: each turn shows the marks of its decisions' points, in their
// order (the judged ones only), its hover says the review's words with the better decision.
export async function marksInMoves(page, what) {
    await panel(page, 'moves');
    await until(page, () => window.qecPage.review.points.filter((p) => p.judge).length
        === [...document.querySelectorAll('#moves li.turn .short')].map((e) => e.textContent.match(/\?\?|\?!|\?/g) || []).flat().length);
    const m = await page.evaluate(() => {
        const pts = window.qecPage.review.points;
        const marks = ['', '?!', '?', '??'];
        let start = 0;
        return [...document.querySelectorAll('#moves li.turn')].map((li) => {
            const end = +li.dataset.end;
            const want = pts.filter((p) => p.i >= start && p.i < end && p.judge);
            start = end;
            return {text: li.querySelector('.short').textContent, want: want.map((p) => marks[p.judge]).join(''),
                shown: (li.querySelector('.short').textContent.match(/\?\?|\?!|\?/g) || []).join(''),
                title: li.title, review: li.dataset.review, better: want.map((p) => p.bestText)};
        });
    });
    const wrong = m.filter((t) => t.want !== t.shown || (t.want && !(t.better.every((b) => t.title.includes(`better ${b}`)))));
    check(`review (${what}): the move list shows each decision's mark, the review's words and the better decision on hover`,
        m.length > 0 && wrong.length === 0, JSON.stringify(wrong.length ? wrong : m));
    return m;
}

// The record with the review (the Record tab's setting): an [%eval] per decision, the marks and
// comments as ./qecreview writes them; it reads back to the same decisions (the page's reader,
// and qec's own record reader); the download is the same text. Unticked, the plain record.
export async function annotatedRecord(page, what, n) {
    await panel(page, 'record');
    const plain = await page.inputValue('#record');
    await page.check('#record-review');
    await until(page, () => document.getElementById('record').value.includes('[%eval'));
    const text = await page.inputValue('#record');
    const pts = await page.evaluate(() => window.qecPage.review.points.map((p) => ({judge: p.judge, best: p.bestPart})));
    const evals = [...text.matchAll(/\{\[%eval (#[+-]?\d+|-?\d+\.\d\d)\]( \([^)]*\) (Inaccuracy|Mistake|Blunder)\. .+? was best\.)?\}/g)];
    const words = ['', 'Inaccuracy', 'Mistake', 'Blunder'];
    check(`review (${what}): the record with the review has an [%eval] per decision, the words at each mark`,
        evals.length === n && pts.length === n && evals.every((e, i) => (e[3] || '') === words[pts[i].judge]
            && (!pts[i].judge || e[0].includes(`${pts[i].best} was best.`))), `${evals.length} of ${n}\n${text}`);
    const download = page.waitForEvent('download');
    await page.click('#download');
    const file = await (await download).path();
    check(`review (${what}): the download is the record with the review`, readFileSync(file, 'utf8') === text);
    const pgnCheck = resolve(dirname(qec), 'build/release/tests/pgn_check');
    const read = (t) => {
        const dir = mkdtempSync(join(tmpdir(), 'qec-web-'));
        writeFileSync(join(dir, 'g.pgn'), t);
        const out = spawnSync(pgnCheck, ['--uci', join(dir, 'g.pgn')], {encoding: 'utf8'});
        rmSync(dir, {recursive: true, force: true});
        return `${out.stdout}${out.stderr}`;
    };
    const {parseRecord} = await import('../../web/static/record.js');
    const turns = (t) => parseRecord(t).turns.map((x) => x.text).join(' ');
    check(`review (${what}): the record with the review reads back to the same decisions (the page's reader${existsSync(pgnCheck) ? ', qec\'s' : ''})`,
        turns(text) === turns(plain) && (!existsSync(pgnCheck) || (read(text) === read(plain) && !/error|illegal|bad/i.test(read(text)))),
        `${turns(text)} / ${turns(plain)}\n${existsSync(pgnCheck) ? read(text) : ''}`);
    await page.uncheck('#record-review');
    await until(page, () => !document.getElementById('record').value.includes('[%eval'));
    check(`review (${what}): unticked, the plain record`, await page.inputValue('#record') === plain);
}

export async function paste(page, text, n) {
    await panel(page, 'record');
    await page.fill('#record', text);
    const id = await page.evaluate(() => window.qecPage.game.id);
    await page.click('#replay');
    await page.waitForFunction((k) => window.qecPage.game.id > k, id);
    return settle(page, n, ['over']);
}
export async function review(page, tokens) {
    // the scripted QEC game of run(), pasted: six decisions, a point each; a click shows the position
    await paste(page, `[Variant "QEC"]\n[EntMap "${MAP}"]\n[FEN "${FEN}"]\n\n1... d7d6[e2h2] 2. h2h3 e3e2<f1e2> 3. h3h8 1-0\n`, 6);
    await startReview(page, 2000);
    await page.waitForFunction(() => document.body.dataset.review === 'done', null, {timeout: 120000});
    let r = await reviewState(page);
    check('review: a point on the graph per decision of the game', r.dots.join() === '0,1,2,3,4,5' && r.points.length === 6
        && r.status.startsWith('6 decisions reviewed'), JSON.stringify(r));
    check('review: a forced decision is never marked (the engine\'s three had one option each)',
        [0, 3].every((i) => r.points[i].judge === 0), JSON.stringify(r.points));
    check('review: each side\'s marks counted', /^white: \d+ inaccuracies, \d+ mistakes, \d+ blunders · black: 0 inaccuracies, 0 mistakes, 0 blunders$/
        .test(r.summary), r.summary);
    await marksInMoves(page, 'qec');
    await annotatedRecord(page, 'qec', 6);
    await panel(page, 'review');
    await page.click('#review-graph circle.pt[data-i="1"]');
    await page.waitForFunction(() => document.body.dataset.state === 'viewing'
        && window.qecPage.game.view?.length === 2, null, {timeout: 10000}).catch(() => {});
    const viewFen = await page.evaluate(() => window.qecPage.game.view && window.qecPage.game.viewBoard.fen);
    check('review: clicking the second point shows the position after two decisions',
        viewFen === engineD(FEN, MAP, tokens.slice(0, 2)).fen, String(viewFen));
    await page.screenshot({path: `${shots}/${PREFIX}review-qec.png`});
    await panel(page, 'moves');
    await page.click('#live');
    await settle(page, 6, ['over']);

    // a pasted chess game: 3...Nf6 walks into 4.Qxf7# (g6, Qe7, Qf6, Nh6, Nd8 and d5 stop it: they
    // cover f7 or block the queen or the bishop)
    // no Variant tag: standard chess, as in PGN; the New-game form follows the pasted game. The
    // record is in SAN alone, as a PGN from elsewhere: the engine reads each move where it stands.
    await paste(page, '[Event "?"]\n\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n', 7);
    const sel = await page.evaluate(() => [window.qecPage.game.variant, document.getElementById('variant').value,
        window.qecPage.game.decisions.map((d) => d.tok).join(' ')]);
    check('a record in SAN without a Variant tag replays as chess, its moves as their tokens, the Variant select says so',
        sel.join() === 'chess,chess,e2e4 e7e5 d1h5 b8c6 f1c4 g8f6 h5f7', sel.join());
    await startReview(page, 20000);
    await page.waitForFunction(() => document.body.dataset.review === 'done', null, {timeout: 120000});
    r = await reviewState(page);
    const nf6 = r.marks.find((m) => m.i === 5);
    check('review: 3...Nf6 marked as a blunder, a move that covers f7 named as the better one', r.points.length === 7
        && r.points[5].judge === 3 && /^(g6|Qe7|Qf6|Nh6|Nd8|d5)$/.test(r.points[5].best) && nf6 && nf6.cls.includes('j3')
        && /Nf6\?\? #1: Blunder .* better (g6|Qe7|Qf6|Nh6|Nd8|d5)$/.test(nf6.text), JSON.stringify(r));
    check('review: the blunder is coloured on the graph', await page.evaluate(() =>
        document.querySelector('#review-graph circle.pt[data-i="5"]')?.classList.contains('j3')));
    await page.screenshot({path: `${shots}/${PREFIX}review.png`});
    const moves = await marksInMoves(page, 'chess');
    check('review: 3...Nf6?? in the move list', moves[5]?.text === 'Nf6??' && /Blunder/.test(moves[5]?.title), JSON.stringify(moves[5]));
    await page.screenshot({path: `${shots}/${PREFIX}review-moves.png`});
    // the position after the blunder, from the graph: the move list says the review's words
    // under it (a phone has no hover)
    await panel(page, 'review');
    await page.click('#review-graph circle.pt[data-i="5"]');
    await page.waitForFunction(() => window.qecPage.game.view?.length === 6, null, {timeout: 10000}).catch(() => {});
    await panel(page, 'moves');
    await until(page, () => document.getElementById('move-hover').textContent.includes('Blunder'));
    const under = await page.$eval('#move-hover', (e) => (e.checkVisibility() ? e.textContent : 'hidden'));
    check('review: stepping to a marked decision shows the review\'s words under the move list', /Nf6\?\? #1: Blunder .* better /.test(under), under);
    await page.click('#live');
    await settle(page, 7, ['over']);
    await annotatedRecord(page, 'chess', 7);

    // cancel: a budget far too big, cancelled while the engine searches
    await startReview(page, 50000000);
    await page.waitForFunction(() => document.body.dataset.review === 'running' && window.qecPage.review.engine?.searching,
        null, {timeout: 20000});
    check('review: progress shown while it runs', await page.isVisible('#review-progress') && await page.isVisible('#review-cancel'));
    await page.click('#review-cancel');
    await page.waitForFunction(() => document.body.dataset.review === 'cancelled', null, {timeout: 20000}).catch(() => {});
    r = await reviewState(page);
    const idle = await page.evaluate(() => !window.qecPage.review.engine.searching && !window.qecPage.review.engine.collector);
    check('review: cancel stops it, part-way', r.state === 'cancelled' && !r.running && r.points.length < 7 && idle
        && /^review cancelled after \d of 7 decisions$/.test(r.status) && !(await page.isVisible('#review-cancel')), JSON.stringify(r));
    // a review cut short goes into no record, and the Record tab says why
    await panel(page, 'record');
    await page.check('#record-review');
    await until(page, () => document.getElementById('record-review-note').textContent !== '');
    const half = await page.evaluate(() => [document.getElementById('record-review-note').textContent,
        document.getElementById('record').value.includes('[%eval')]);
    check('review: a cancelled review puts nothing into the record, and the Record tab says so',
        /review the game first/.test(half[0]) && !half[1], JSON.stringify(half));
    await page.uncheck('#record-review');
}

// ---- schroedinger: unknown majors, their possible types from the engine's Types: ----
export async function schroedinger(page) {
    await newGame(page, {variant: 'schroedinger'});
    let s = await settle(page, 0);
    const seen = () => page.evaluate(() => ({
        majors: document.querySelectorAll('cg-board piece.major').length,
        known: document.querySelectorAll('cg-board piece.king, cg-board piece.queen, cg-board piece.rook, cg-board piece.knight, cg-board piece.bishop').length,
        types: Object.fromEntries([...window.qecPage.cg.state.highlight.custom].filter(([, c]) => c.includes('types-'))
            .map(([sq, c]) => [sq, /types-([KQRBN]+)/.exec(c)[1]])),
        a1: afterContent('cg-board square.types'),
        worlds: document.getElementById('worlds').textContent,
    }));
    // chessground draws on the next animation frame: wait for the majors to be drawn
    await page.waitForFunction(() => document.querySelectorAll('cg-board piece.major').length > 0, null, {timeout: 15000})
        .catch(() => {});
    let v = await seen();
    check('schroedinger: 16 unknown majors, no typed piece (S1.1)', v.majors === 16 && v.known === 0, JSON.stringify(v));
    const engineTypes = (toks) => Object.fromEntries((engineD('', 'none', toks, 'schroedinger').types || '').split(' ')
        .map((w) => w.split('=')));
    check('schroedinger: each major shows the engine\'s types', JSON.stringify(v.types) === JSON.stringify(engineTypes([]))
        && v.types.a1 === 'KQRBN' && v.a1 === '"KQRBN"', JSON.stringify(v.types));
    check('schroedinger: worlds shown', v.worlds === 'Worlds: 25401600', v.worlds);
    await clickMove(page, 'b1', 'c3');
    s = await settle(page, 2);
    v = await seen();
    const toks = s.moves.map((m) => m.split(' ')[1]);
    const want = engineTypes(toks);
    check('schroedinger: the major that jumped is a knight (S2.2), types follow the engine', v.types.c3 === 'N'
        && JSON.stringify(Object.keys(v.types).sort().map((k) => k + v.types[k])) === JSON.stringify(Object.keys(want).sort().map((k) => k + want[k])),
        `${JSON.stringify(v.types)} / ${JSON.stringify(want)}`);
    check('schroedinger: the board is the engine\'s', s.fen === engineD('', 'none', toks, 'schroedinger').fen && v.majors === 16, s.fen);
    check('schroedinger: the move list is the engine\'s long algebraic with M (d\'s Last move:)',
        s.shortMoves[0] === 'Mb1-c3' && s.longMoves[0] === 'Mb1-c3' && s.shortMoves.length === 2
        && /^(M[a-h][1-8][-x][a-h][1-8]|[a-h][1-8][-x][a-h][1-8])[+#]?$/.test(s.shortMoves[1]), JSON.stringify(s.shortMoves));
    await page.screenshot({path: `${shots}/${PREFIX}schroedinger.png`});
    // analysis lines in schroedinger's one form, long algebraic with M, numbered
    await panel(page, 'analysis');
    await page.selectOption('#multipv', '2');
    await page.check('#analyse');
    await analysisLines(page, 2, 'schroedinger', '', 'none', toks);
    await page.uncheck('#analyse');
    await page.click('#stop');
    await replaysItself(page, 'schroedinger', await page.inputValue('#record'), s);
}

// ---- a king in check is marked on its square, in chess and tether too (the engine's `+`) ----
export async function checkMarks(page) {
    for (const variant of ['chess', 'tether']) {
        await newGame(page, {variant, fen: '4k3/8/8/8/8/8/8/R3K3 w - - 0 1', side: 'both'});
        await settle(page, 0);
        await clickMove(page, 'a1', 'a8');
        await settle(page, 1);
        const checked = await page.evaluate(() => window.qecPage.cg.state.check);
        check(`${variant}: the king in check marked on its square`, checked === 'e8', String(checked));
        if (variant === 'chess')
            await page.screenshot({path: `${shots}/${PREFIX}check.png`});
    }
    await schroedingerCheck(page);
}

// Schroedinger has no FEN: the position is a move list, pasted as a record. After these 13
// plies (found once with the engine) White's Md6xf8 (a queen: it moved as one) checks Black in
// every consistent world (S3.2): of Black's majors only e8 and g8 may be the king (the engine's
// Types:), and the queen attacks both, so both are marked. No piece on the page is drawn as a
// king, so the mark is the page's own square class, not chessground's.
export const SCHROEDINGER_CHECK = 'g2g4 g7g5 h1b7 c7c6 b7b4 h8g6 g1g2 b8b5 d2d4 e7e6 b4d6 d8c7 d6f8'.split(' ');
export async function schroedingerCheck(page) {
    const checkSquares = () => page.evaluate(() => ({
        custom: [...window.qecPage.cg.state.highlight.custom].filter(([, c]) => c.split(' ').includes('check'))
            .map(([sq]) => sq).sort().join(' '),
        drawn: document.querySelectorAll('cg-board square.check').length,
    }));
    const e = engineD('', 'none', SCHROEDINGER_CHECK, 'schroedinger');
    // Black's majors (`m` in the FEN) whose types include K
    const blackMajors = new Set((e.fen || '').split(' ')[0].split('/').flatMap((row, i) => {
        let file = 0;
        return [...row].flatMap((ch) => (/\d/.test(ch) ? ((file += +ch), [])
            : ch === 'm' ? [`${'abcdefgh'[file++]}${8 - i}`] : ((file++), [])));
    }));
    const blackKings = (e.types || '').split(' ').map((w) => w.split('='))
        .filter(([sq, letters]) => blackMajors.has(sq) && letters.includes('K')).map(([sq]) => sq).sort().join(' ');
    check('schroedinger: the engine says the scripted move list ends in check, e8 and g8 the majors that may be Black\'s king',
        /\+$/.test(e.lastMove || '') && blackKings === 'e8 g8' && e.fen?.split(' ')[1] === 'b',
        `${e.lastMove} ${e.types}`);
    await newGame(page, {variant: 'schroedinger', side: 'both'});
    await settle(page, 0);
    const before = await page.evaluate(() => window.qecPage.game.id);
    await panel(page, 'record');
    await page.fill('#record', `[Variant "schroedinger"]\n\n${SCHROEDINGER_CHECK.join(' ')} *\n`);
    await page.click('#replay');
    await page.waitForFunction((id) => window.qecPage.game.id > id, before);
    let s = await settle(page, SCHROEDINGER_CHECK.length);
    await page.waitForFunction(() => document.querySelectorAll('cg-board square.check').length > 0, null, {timeout: 15000})
        .catch(() => {});
    let m = await checkSquares();
    check('schroedinger: the pasted move list reaches the engine\'s position, the check in the move list',
        s.fen === e.fen && s.shortMoves[s.shortMoves.length - 1] === e.lastMove, `${s.fen} / ${e.fen} ${s.shortMoves.slice(-1)}`);
    check('schroedinger: the king in check marked on its squares (both majors that may be the king)',
        m.custom === 'e8 g8' && m.drawn === 2, JSON.stringify(m));
    await page.screenshot({path: `${shots}/${PREFIX}schroedinger-check.png`});
    // the g6 major (a knight) takes the checker: no check any more, the marks go though the
    // majors that may be the king stay where they were
    await clickMove(page, 'g6', 'f8');
    s = await settle(page, SCHROEDINGER_CHECK.length + 1);
    await until(page, () => document.querySelectorAll('cg-board square.check').length === 0
        && ![...window.qecPage.cg.state.highlight.custom].some(([, c]) => c.split(' ').includes('check')));
    m = await checkSquares();
    const after = engineD('', 'none', [...SCHROEDINGER_CHECK, 'g6f8'], 'schroedinger');
    check('schroedinger: after a move out of check no square is marked', s.fen === after.fen
        && !/[+#]$/.test(after.lastMove || '') && m.custom === '' && m.drawn === 0, `${JSON.stringify(m)} ${after.lastMove}`);
}
