// The page on a phone, and the settings a reload keeps.
// - On a narrow screen (the same width as style.css's phone layout) the panels under the board
//   are tabs: Moves, Analysis, Record, New game, Review. One shows at a time, so the moves and the
//   analysis never sit below the whole New-game form. On a wide screen every panel shows and the
//   tab bar is hidden (style.css); the chosen tab is kept for when the screen narrows.
// - The analysis settings, the links' drawing and the chosen tab survive a reload, as the game
//   does (saved.js): stored apart from the game, checked when read, ignored when not valid.
const SETTINGS_KEY = 'qec-web-settings';
const PHONE = '(max-width: 700px)';
// The inputs whose values are kept: id -> 'checked' or 'value'. Ids missing from the page are
// skipped, and a stored value a <select> does not offer is not applied.
const KEPT = {analyse: 'checked', multipv: 'value', 'show-wdl': 'checked', links: 'value', level: 'value',
    'record-review': 'checked'};
// tab -> the panel it shows
const TABS = {moves: 'moves-panel', analysis: 'analysis-panel', record: 'record-panel', setup: 'setup',
    review: 'review-panel'};

const $ = (id) => document.getElementById(id);

function readSettings() {
    let s = null;
    try {
        s = JSON.parse(localStorage.getItem(SETTINGS_KEY));
    } catch (e) { /* not JSON: ignored */ }
    return s && typeof s === 'object' && !Array.isArray(s) ? s : {};
}

function writeSettings() {
    const s = {tab: document.body.dataset.tab};
    for (const [id, prop] of Object.entries(KEPT))
        if ($(id)) s[id] = $(id)[prop];
    try {
        localStorage.setItem(SETTINGS_KEY, JSON.stringify(s));
    } catch (e) { /* storage full or off: the settings are not kept */ }
}

function applySettings(s) {
    for (const [id, prop] of Object.entries(KEPT)) {
        const el = $(id);
        if (!el || !(id in s))
            continue;
        if (prop === 'checked' && typeof s[id] === 'boolean')
            el.checked = s[id];
        else if (prop === 'value' && typeof s[id] === 'string'
            && (el.tagName !== 'SELECT' || [...el.options].some((o) => o.value === s[id])))
            el.value = s[id];
    }
}

// Shows tab `name` (on a phone; on a wide screen the classes do nothing).
export function showTab(name) {
    if (!(name in TABS))
        name = 'moves';
    document.body.dataset.tab = name;
    for (const [t, panel] of Object.entries(TABS)) {
        $(panel)?.classList.toggle('tab-off', t !== name);
        const b = document.querySelector(`#tabs button[data-tab="${t}"]`);
        if (b) b.setAttribute('aria-selected', String(t === name));
    }
}

// Before the game is restored: the kept settings back in their inputs, the tab bar wired, and
// every later change kept. The page's own change handlers still run (they are set elsewhere).
export function setupLayout() {
    const s = readSettings();
    applySettings(s);
    showTab(typeof s.tab === 'string' ? s.tab : 'moves');
    for (const b of document.querySelectorAll('#tabs button'))
        b.addEventListener('click', () => { showTab(b.dataset.tab); writeSettings(); });
    for (const id of Object.keys(KEPT))
        $(id)?.addEventListener('change', writeSettings);
    document.body.dataset.phone = String(matchMedia(PHONE).matches);
    matchMedia(PHONE).addEventListener('change', (m) => { document.body.dataset.phone = String(m.matches); });
}
