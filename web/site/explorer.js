// The structure explorer beside the board (docs/web.md): for the pawns on the board, the
// games that reached them, their score, the moves that changed them next and the model
// games, with the filters of `pawnkit explore`. Two sources, one answer: the page's own
// index of the opened files (built in the Web Worker by the C++ of `pawnkit index add`,
// asked with the C++ of `pawnkit explore`), or, when `pawnkit serve` serves the page, the
// server's GET /explore. Both give explore's JSON, drawn by explorer-view.js.
import * as pawnkit from './pawnkit.js';
import { renderAnswer, clearArrow, drawMoveArrow } from './explorer-view.js';

const SPEEDS = ['ultraBullet', 'bullet', 'blitz', 'rapid', 'classical', 'correspondence', 'unknown'];

// Whether `pawnkit serve` serves this page: its /health answers {"status": "ok"}, and it
// always has an index. Any other server (or a file opened from disk) has no /health.
async function servedIndex() {
  if (!/^https?:$/.test(location.protocol)) return false;
  try {
    const r = await fetch(new URL('health', location.href), { cache: 'no-store' });
    if (!r.ok) return false;
    const body = await r.json();
    return body && body.status === 'ok';
  } catch (e) {
    return false;
  }
}

// The filters' form, filled once.
function buildFilters(box) {
  box.innerHTML = `
    <label>match <select id="explorer-match">
      <option value="exact" title="exactly these pawns, both sides">exact pawns</option>
      <option value="center" title="these pawns on the c- to f-files; the wings are free">centre (c-f files)</option>
      <option value="structure" title="the named structure these pawns make, held by the same side">named structure</option>
    </select></label>
    <label>both rated ≥ <input type="number" id="explorer-min-elo" min="0" max="9900" step="100" placeholder="any" size="5"></label>
    <label>from <input type="month" id="explorer-since" min="1400-01"></label>
    <label>to <input type="month" id="explorer-until" min="1400-01"></label>
    <fieldset class="explorer-speeds"><legend>speeds (none: all)</legend>${SPEEDS.map((s) =>
      `<label><input type="checkbox" value="${s}">${s === 'ultraBullet' ? 'ultra' : s === 'correspondence' ? 'corr.' : s}</label>`).join('')}</fieldset>`;
}

// hooks: {board(): the #board element, fen(): the board's FEN, play(uci): true when the
//         move was legal and played, openFileGame(number, ply): opens game `number` of the
//         opened files, openGameText(pgn, ply): opens a game from its PGN text,
//         reindex(files): the index was lost (Cancel stopped the worker): index them again}
export function createExplorer(panel, hooks) {
  const $ = (sel) => panel.querySelector(sel);
  panel.innerHTML = `
    <h3 id="explorer-title">Explorer <span class="explorer-source"></span></h3>
    <fieldset id="explorer-source-switch" class="explorer-switch" hidden><legend>games from</legend>
      <label><input type="radio" name="explorer-source" value="served" checked> the server's index</label>
      <label><input type="radio" name="explorer-source" value="files"> the opened files</label></fieldset>
    <form class="explorer-filters" aria-label="Explorer filters"></form>
    <p class="explorer-status" aria-live="polite"></p>
    <p id="explorer-error" class="local-error" role="alert"></p>
    <div class="explorer-answer"></div>`;
  buildFilters($('.explorer-filters'));
  panel.dataset.games = '0';
  let source = 'none';   // who answers: 'served', 'files' (an index of the opened files), 'none'
  let served = false;    // pawnkit serve serves the page
  let indexed = false;   // the opened files' index is built
  let chosen = 'served'; // the switch, when both can answer
  let asked = 0;         // the number of the last question: older answers are dropped
  let fen = '';
  let files = null;      // the files indexed, to index again if the worker was stopped
  let rebuilt = false;   // ... once per loss

  // Who answers, from what there is and the switch; the title, the switch and the
  // structure pages (the 'pawnkit:explorer-source' event) follow.
  function setSource() {
    const was = source;
    source = served && (chosen === 'served' || !indexed) ? 'served' : indexed ? 'files' : 'none';
    if (panel.dataset.source !== 'indexing' || source !== 'none') panel.dataset.source = source;
    $('#explorer-source-switch').hidden = !(served && indexed);
    for (const input of panel.querySelectorAll('[name="explorer-source"]')) input.checked = input.value === source;
    $('.explorer-source').textContent = source === 'served' ? '(the server\'s index)'
      : source === 'files' ? `(${panel.dataset.indexed} games of ${files.name})` : '';
    if (was !== source) document.dispatchEvent(new CustomEvent('pawnkit:explorer-source', { detail: { source } }));
  }

  const status = (text) => { $('.explorer-status').textContent = text; };
  const showError = (text) => { $('#explorer-error').textContent = text || ''; };

  function options() {
    const elo = $('#explorer-min-elo').value.trim();
    return {
      fen,
      match: $('#explorer-match').value,
      minElo: elo ? Number(elo) : 0,
      speeds: [...panel.querySelectorAll('.explorer-speeds input:checked')].map((i) => i.value),
      since: $('#explorer-since').value,
      until: $('#explorer-until').value,
      games: 5,
    };
  }

  async function askServer(o) {
    const q = new URLSearchParams({ fen: o.fen, match: o.match, games: String(o.games) });
    if (o.minElo) q.set('min_elo', String(o.minElo));
    if (o.speeds.length) q.set('speeds', o.speeds.join(','));
    if (o.since) q.set('since', o.since);
    if (o.until) q.set('until', o.until);
    let r;
    try {
      r = await fetch(new URL(`explore?${q}`, location.href), { cache: 'no-store' });
    } catch (e) {
      throw new Error(`the server did not answer: ${e.message || e}`);
    }
    const text = await r.text();
    let body;
    try { body = JSON.parse(text); } catch (e) { throw new Error(`the server answered ${r.status}: ${text.slice(0, 200)}`); }
    if (!r.ok || body.error) throw new Error(body.error || `the server answered ${r.status}`);
    return body;
  }

  function clearAnswer() {
    panel.dataset.games = '0';
    for (const k of ['white', 'draws', 'black']) delete panel.dataset[k];
    $('.explorer-answer').textContent = '';
  }

  // The answer of the source that answers now to the question `o` (options() for the
  // board); a structure page asks through here too.
  async function ask(o) {
    if (source === 'none') throw new Error('no index: open PGN files first');
    return source === 'served' ? askServer(o) : pawnkit.explore(o);
  }

  // Asks the source about the board's pawns and draws the answer; a failure is shown here
  // and leaves the board alone.
  async function refresh() {
    const n = ++asked;
    panel.dataset.asked = String(n);
    clearArrow(hooks.board());
    if (source === 'none') {
      clearAnswer();
      if (panel.dataset.source !== 'indexing') status('Open PGN files below: the explorer indexes them here, in this page.');
      panel.dataset.answered = String(n);
      return;
    }
    const o = options();
    try {
      const answer = await ask(o);
      if (n !== asked) return;
      showError('');
      renderAnswer($('.explorer-answer'), panel, answer, {
        fen,
        onMove: playOrShow,
        onGame: openModel,
      });
    } catch (e) {
      if (n !== asked) return;
      // Cancel (of any file work) stops the worker, and the index with it: build it again
      // (the answer comes after it).
      if (source === 'files' && /^no index/.test(e.message) && files && !rebuilt) {
        rebuilt = true;
        hooks.reindex(files);
        return;
      }
      clearAnswer();
      showError(e.message || String(e));
    }
    panel.dataset.answered = String(n);
  }

  // A move row: played on the board when it is legal there, else drawn as an arrow.
  function playOrShow(uci) {
    if (hooks.play(uci)) return;
    drawMoveArrow(hooks.board(), uci);
    status(`${uci} is not legal on this board (the pieces differ from the games'): shown as an arrow.`);
  }

  async function openModel(g) {
    showError('');
    try {
      if (source === 'served') {
        const r = await fetch(new URL(`games/${g.id}`, location.href), { cache: 'no-store' });
        const text = await r.text();
        if (!r.ok) {
          let message = text;
          try { message = JSON.parse(text).error; } catch (e) { /* not JSON: the text */ }
          throw new Error(`game ${g.id}: ${message}`);
        }
        await hooks.openGameText(text, g.first_ply);
      } else {
        await hooks.openFileGame(g.game, g.first_ply);
      }
    } catch (e) {
      showError(e.message || String(e));
    }
  }

  panel.querySelector('.explorer-filters').addEventListener('change', () => refresh());
  panel.querySelector('.explorer-filters').addEventListener('submit', (e) => { e.preventDefault(); refresh(); });

  panel.querySelector('#explorer-source-switch').addEventListener('change', (e) => {
    chosen = e.target.value;
    setSource();
    refresh();
  });

  const ready = servedIndex().then((answers) => {
    if (!answers) return;
    served = true;
    setSource();
    status('');
    refresh();
  });

  const api = {
    ready,
    ask,
    openModel,
    playOrShow,
    source: () => source,
    // The board changed: ask about its pawns.
    update(newFen) {
      fen = newFen;
      refresh();
    },
    // The match mode ('exact', 'center', 'structure'), as if chosen in the form.
    setMatch(match) {
      $('#explorer-match').value = match;
      refresh();
    },
    // Files were opened: index them (also when served: the switch can then choose them).
    // onProgress: the page's bar ({phase: 'index', done, total} in bytes).
    async indexFiles(opened, onProgress) {
      await ready;
      if (!opened) return;
      files = opened;
      indexed = false;
      if (!served) {
        panel.dataset.source = 'indexing';
        clearAnswer();
      }
      setSource();
      status(`indexing ${files.name}…`);
      try {
        const r = await pawnkit.buildIndex(files.blobs, { key: files.key, name: files.name, onProgress });
        if (files !== opened) return; // other files came meanwhile
        rebuilt = false;
        indexed = true;
        panel.dataset.indexed = String(r.games);
        status('');
        setSource();
      } catch (e) {
        if (files !== opened) return;
        if (panel.dataset.source === 'indexing') panel.dataset.source = 'none';
        status('');
        showError(e.message === 'cancelled' ? 'indexing cancelled: open the files again to index them' : e.message);
        return;
      }
      refresh();
    },
  };
  return api;
}
