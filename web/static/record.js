// The game record: decisions grouped into whole turns (RULES R5.2) and qecmatch's PGN-like
// text format (record/record.h). Pure text work: which tokens are legal is the engine's business.

export const START_FEN = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';

// decisions: [{tok, phase: 'base'|'forced'|'react'}]; rootFen: the game's root FEN.
// Returns [{label: '1.' | '1...', text: 'e2e4[h8h7]', side, start, end}] where the turn's
// decisions are decisions[start..end) and `end` is the number of decisions played once that
// turn is over (for stepping back through the game).
export function groupTurns(decisions, rootFen) {
    const f = (rootFen || START_FEN).split(/\s+/);
    let side = f[1] === 'b' ? 'black' : 'white';
    let num = Math.max(1, parseInt(f[5], 10) || 1);
    const turns = [];
    for (let i = 0; i < decisions.length;) {
        const start = i;
        let text = '';
        if (decisions[i].phase === 'base')
            text = decisions[i++].tok;
        if (i < decisions.length && decisions[i].phase === 'forced')
            text += `[${decisions[i++].tok}]`;
        if (i < decisions.length && decisions[i].phase === 'react')
            text += `<${decisions[i++].tok}>`;
        if (!text) // a decision out of place (a record cut mid-turn): write it bare
            text = decisions[i++].tok;
        turns.push({label: side === 'white' ? `${num}.` : `${num}...`, text, side, start, end: i});
        if (side === 'black')
            num++;
        side = side === 'white' ? 'black' : 'white';
    }
    return turns;
}

// A turn's text with each decision's mark after its own part, as record/write.c marks a QEC turn
// (`e4?! [↔ Rh7??] <Ke2?>`, or the token `e2e4?![h8h7??]`): the base move ends where the forced
// reply's `[` or the reactive step's `<` begins (a space before it stays after the mark), the
// forced reply at its `]`, the reactive step at its `>`. marks: {base, forced, react}.
export function markTurn(text, marks) {
    const open = text.search(/[[<]/);
    const base = open < 0 ? text.length : open > 0 && text[open - 1] === ' ' ? open - 1 : open;
    const close = text.indexOf(']', Math.max(open, 0));
    const react = text.indexOf('<');
    const at = {base, forced: text.includes('[') && close >= 0 ? close : text.length,
        react: react >= 0 && text.indexOf('>', react) >= 0 ? text.indexOf('>', react) : text.length};
    let out = '', from = 0;
    for (const part of ['base', 'forced', 'react']) {
        if (!marks[part] || at[part] < from)
            continue;
        out += text.slice(from, at[part]) + marks[part];
        from = at[part];
    }
    return out + text.slice(from);
}

// The movetext as record/write.c writes it: the move number goes with White's turns (and with
// the first turn when Black starts), lines wrapped before 80 columns. A game whose decisions
// carry the engine's short form of their turn (`lastShort`, from `d`: QEC's turn, SAN in chess
// and tether, schroedinger's long form) is written for people with each turn's token in a
// comment after it, as qecmatch writes QEC (R5.3): `1. e4 [↔ Rh7] {e2e4[h8h7]}`, `1. e4 {e2e4}`
// (a PGN reader skips the comments; this page and the engine read the tokens back); otherwise
// as tokens.
// notes (a review, as ./qecreview writes it): notes[i] = {mark, comment} of decision i, its
// mark after its part of the turn and its comment after the turn (and its token comment).
export function writeRecord(tags, decisions, rootFen, result, comment, notes = null) {
    const order = ['Event', 'Site', 'Date', 'Round', 'White', 'Black', 'Result', 'Variant',
        'EntMap', 'FEN', 'SetUp', 'TimeControl', 'Termination', 'FinalFEN'];
    const out = [];
    for (const name of order)
        if (tags[name] !== undefined && tags[name] !== '')
            out.push(`[${name} "${String(tags[name]).replace(/[\\"]/g, '\\$&')}"]`);
    out.push('');
    const turns = groupTurns(decisions, rootFen);
    const people = turns.every((t) => decisions[t.end - 1].lastShort);
    const words = [];
    for (const [k, t] of turns.entries()) {
        const marks = {};
        for (let i = t.start; i < t.end; i++)
            if (notes?.[i]?.mark)
                marks[decisions[i].phase] = notes[i].mark;
        const number = t.side === 'white' || k === 0 ? `${t.label} ` : '';
        words.push(number + markTurn(people ? decisions[t.end - 1].lastShort : t.text, marks));
        if (people)
            words.push(`{${t.text}}`);
        for (let i = t.start; i < t.end; i++)
            if (notes?.[i]?.comment)
                words.push(`{${notes[i].comment}}`);
    }
    if (comment)
        words.push(`{${comment}}`);
    words.push(result || '*');
    let line = '';
    for (const w of words) {
        if (line && line.length + 1 + w.length > 79) {
            out.push(line);
            line = w;
        } else {
            line = line ? `${line} ${w}` : w;
        }
    }
    out.push(line, '');
    return out.join('\n');
}

const RESULTS = new Set(['1-0', '0-1', '1/2-1/2', '0-0', '*']);
const DECISION = /^[a-h][1-8][a-h][1-8][nbrqNBRQ]?$/;
const TOKEN_COMMENT = /^[a-h][1-8][a-h][1-8][^\s]*$/;
// a word meant as a token (`e7e9` too, to be named as bad), not a move for people (`e4`, `e2-e4`)
const TOKEN_SHAPED = /^[a-h]\d[a-h]\d|^[[<][a-h]\d/;

// How far a word opens brackets (`[↔` 1, `Bc4]` -1).
function bracketDepth(word) {
    return [...word].reduce((d, c) => d + ('[<'.includes(c)) - (']>'.includes(c)), 0);
}

// Reads one record: tags, then whole-turn tokens. qecmatch's records give each turn in
// notation for people with its token in a comment after it (`1. e4 [↔ Rh7] {e2e4[h8h7]}`):
// then the tokens are taken from those comments. A record in the notation for people alone
// (a PGN in SAN from elsewhere) gives its moves as they stand, `{text, parts: null}`, for the
// engine to read (tokensOfPeople). Throws an Error naming a bad token (a word shaped as a
// token that is none); legality is checked later by the engine.
export function parseRecord(text) {
    const tags = {};
    const turns = [];
    let result = '*';
    let body = '';
    for (const raw of text.split(/\r?\n/)) {
        const line = raw.trim();
        const m = /^\[(\w+)\s+"((?:[^"\\]|\\.)*)"\]$/.exec(line);
        if (m)
            tags[m[1]] = m[2].replace(/\\(.)/g, '$1');
        else if (line.startsWith('[') && !body.trim())
            throw new Error(`bad tag line '${line.slice(0, 40)}'`);
        else
            body += `${line.replace(/;.*$/, '')}\n`;
    }
    const all = [...body.matchAll(/\{([^}]*)\}/g)].map((m) => m[1].trim());
    const tokens = all.filter((c) => TOKEN_COMMENT.test(c));
    // a review's comments (`[%eval …]`, ./qecreview's or this page's) are not the game's end
    const comments = all.filter((c) => !TOKEN_COMMENT.test(c) && !c.startsWith('[%'));
    for (const tok of tokens)
        turns.push({text: tok, parts: splitTurn(tok)});
    body = body.replace(/\{[^}]*\}/g, ' ').replace(/[()]/g, ' $& ');
    let depth = 0, open = 0;
    for (const word of body.split(/\s+/).filter(Boolean)) {
        if (word === '(') { depth++; continue; }
        if (word === ')') { depth = Math.max(0, depth - 1); continue; }
        if (depth || word.startsWith('$'))
            continue;
        if (RESULTS.has(word)) {
            result = word;
            break;
        }
        const tok = word.replace(/^\d+\.+/, '').replace(/[?!]+/g, ''); // a review's marks (`e2e4?!`, `d1f3??[d7d6?]`)
        if (!tok || tokens.length)
            continue;
        const last = turns[turns.length - 1];
        if (last && !last.parts && (open > 0 || /^[[<]/.test(tok))) { // `e5 [↔ Bc4]`: one turn for people
            last.text += ` ${tok}`;
            open += bracketDepth(tok);
        } else if (TOKEN_SHAPED.test(tok)) {
            turns.push({text: tok, parts: splitTurn(tok)});
        } else {
            turns.push({text: tok, parts: null});
            open = bracketDepth(tok);
        }
    }
    return {tags, turns, result, comment: comments.length ? comments[comments.length - 1] : ''};
}

// 'g1f3[e7e6]<e8e7>' -> [{tok:'g1f3', phase:'base'}, {tok:'e7e6', phase:'forced'}, …]
export function splitTurn(token) {
    const m = /^([^[<\]>]*)(?:\[([^\]]*)\])?(?:<([^>]*)>)?$/.exec(token);
    if (!m || !(m[1] || m[2] || m[3]))
        throw new Error(`bad turn token '${token}'`);
    const parts = [];
    const add = (tok, phase) => {
        if (tok === undefined || (tok === '' && phase === 'base'))
            return;
        if (!DECISION.test(tok))
            throw new Error(`bad turn token '${token}'`);
        parts.push({tok: tok.toLowerCase(), phase});
    };
    add(m[1], 'base');
    add(m[2], 'forced');
    add(m[3], 'react');
    return parts;
}

// The tokens of a record's moves: a move given for people (parts null) is read by the engine at
// the position the moves before it reach, and its turn's token taken from `d` (`Last turn
// (token)`). ask(moves) sends `position … moves <moves>` and `d` and returns d's lastToken, or
// throws the engine's error. Returns the whole-turn tokens, in order.
export async function tokensOfPeople(turns, ask) {
    const done = [];
    for (const t of turns) {
        if (t.parts) {
            done.push(t.text);
            continue;
        }
        const tok = await ask([...done, t.text]);
        if (!tok)
            throw new Error(`'${t.text}': the engine read no turn`);
        done.push(tok);
    }
    return done;
}
