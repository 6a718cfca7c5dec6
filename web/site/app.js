// The page: a board that shows the contract's patterns of the position on it, and the
// games of the files the user opens. All answers come from the WebAssembly module
// through the API in pawnkit.js (also window.pawnkit).
import * as pawnkit from './pawnkit.js';
import * as coach from './overlays.js';
import { timelineWords } from './timeline.js';
import { initCoachPages } from './coach.js';
import { createAnalysis } from './analysis.js';
import { createProgress } from './progress.js';
import { createExplorer } from './explorer.js';

window.pawnkit = pawnkit;

const $ = (id) => document.getElementById(id);
const FILES = 'abcdefgh';
const START = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';
const GLYPHS = { K: '♔', Q: '♕', R: '♖', B: '♗', N: '♘', P: '♙', k: '♚', q: '♛', r: '♜', b: '♝', n: '♞', p: '♟' };
const GAME_ROWS = 200; // rows of the games table drawn at once (a long table freezes the page)
const PIECE_NAMES = { k: 'king', q: 'queen', r: 'rook', b: 'bishop', n: 'knight', p: 'pawn' };
const PLAY_LABEL = 'Chess board: click a piece and its square, or drag it, to play a move; arrows move between squares, Enter or Space acts as a click';
const EDIT_LABEL = 'Chess board: arrows move, Enter or Space places the chosen piece';

const state = {
  board: new Array(64).fill(''), // index = rank * 8 + file (a1 = 0), FEN letters
  rest: 'w - - 0 1',            // the FEN fields after the board
  flipped: false,
  tool: 'P',                    // a FEN letter, or '' for the eraser
  report: null,                 // the analyze object of the board
  overlays: new Set(['isolated', 'passed', 'backward', 'holes']),
  view: 'coach',                // 'coach': the coach's marks (overlays.js); 'contract': the keys
  marks: new Set(coach.DEFAULT_MARKS),
  focus: 27,                    // the square with the keyboard focus (d4)
  files: null,                  // the opened files: {blobs, key, name}
  games: [],
  game: null,                   // the opened game on the board: pawnkit.games' {game} record
};

// The message shows beside the action (the FEN box, the file box, the query, the moves);
// #error keeps the last one for scripts and screen readers, and shows it only when the
// action has no place of its own.
const ERROR_PLACES = { fen: 'fen-error', file: 'file-error', query: 'query-error', moves: 'moves-error' };
function showError(message, place) {
  $('error').textContent = message || '';
  $('error').classList.toggle('elsewhere', !!place);
  for (const [p, id] of Object.entries(ERROR_PLACES))
    if (p === place || message) $(id).textContent = p === place ? message || '' : '';
}
let analysis = null; // the analysis board (analysis.js): moves, play mode, the address
let explorer = null; // the explorer beside the board (explorer.js)
let progress = null;

// ---------------------------------------------------------------- position and FEN

function boardFromFen(fen) {
  const fields = fen.trim().split(/\s+/);
  const board = new Array(64).fill('');
  const ranks = (fields[0] || '').split('/');
  ranks.forEach((row, i) => {
    let file = 0;
    for (const c of row) {
      if (/[1-8]/.test(c)) file += Number(c);
      else if (file < 8 && 7 - i >= 0) board[(7 - i) * 8 + file++] = c;
    }
  });
  return board;
}

function boardFen() {
  let out = '';
  for (let rank = 7; rank >= 0; --rank) {
    let empty = 0;
    for (let file = 0; file < 8; ++file) {
      const p = state.board[rank * 8 + file];
      if (!p) { ++empty; continue; }
      if (empty) out += empty;
      empty = 0;
      out += p;
    }
    if (empty) out += empty;
    if (rank) out += '/';
  }
  return `${out} ${state.rest}`;
}

// Castling rights that the pieces on the board no longer allow are dropped, so that an
// edited position stays a valid FEN.
function fixCastling() {
  const f = state.rest.split(' ');
  if (f.length < 2 || f[1] === '-') return;
  const has = (sq, p) => state.board[sq] === p;
  let rights = '';
  if (has(4, 'K') && has(7, 'R') && f[1].includes('K')) rights += 'K';
  if (has(4, 'K') && has(0, 'R') && f[1].includes('Q')) rights += 'Q';
  if (has(60, 'k') && has(63, 'r') && f[1].includes('k')) rights += 'k';
  if (has(60, 'k') && has(56, 'r') && f[1].includes('q')) rights += 'q';
  f[1] = rights || '-';
  f[2] = '-';
  state.rest = f.join(' ');
}

// Shows a FEN/EPD text: the board shows it and every view follows. A bad one leaves the
// board as it was and shows the CLI's message.
function showFen(text) {
  let report, details;
  try {
    report = pawnkit.analyze(text);
    details = pawnkit.details(text);
  } catch (e) {
    showError(e.message, 'fen');
    return false;
  }
  showError('', 'fen');
  state.report = report;
  state.board = boardFromFen(report.fen);
  state.rest = report.fen.split(' ').slice(1).join(' ');
  $('fen').value = report.fen;
  render(details);
  if (explorer) explorer.update(report.fen);
  return true;
}

// A new position (typed, edited): a new game starts there; the address carries it.
function setFen(text) {
  if (!showFen(text)) return false;
  analysis.reset(state.report.fen);
  return true;
}

// ---------------------------------------------------------------- drawing

const squareName = (sq) => FILES[sq % 8] + (Math.floor(sq / 8) + 1);

// The square-set keys of the contract, in its order (everything listing squares).
function squareSetKeys(report) {
  return Object.keys(report.white).filter((k) => Array.isArray(report.white[k]) && k !== 'island_files');
}

function buildBoard() {
  const board = $('board');
  board.textContent = '';
  for (let row = 0; row < 8; ++row) {
    const line = document.createElement('div');
    line.setAttribute('role', 'row');
    line.className = 'board-row';
    for (let col = 0; col < 8; ++col) {
      const rank = state.flipped ? row : 7 - row;
      const file = state.flipped ? 7 - col : col;
      const sq = rank * 8 + file;
      const cell = document.createElement('div');
      cell.setAttribute('role', 'gridcell');
      cell.className = `square ${(rank + file) % 2 ? 'light' : 'dark'}`;
      cell.dataset.square = squareName(sq);
      cell.dataset.index = sq;
      cell.tabIndex = sq === state.focus ? 0 : -1;
      cell.innerHTML = '<span class="overlays" aria-hidden="true"></span><span class="piece"></span>';
      if (col === 0) cell.insertAdjacentHTML('beforeend', `<span class="coord rank-coord">${rank + 1}</span>`);
      if (row === 7) cell.insertAdjacentHTML('beforeend', `<span class="coord file-coord">${FILES[file]}</span>`);
      line.appendChild(cell);
    }
    board.appendChild(line);
  }
}

// The overlays as `show --svg` draws them (its scheme comes from the module): the i-th key
// shown has the palette's i-th colour; a move key is striped (╱ White's squares, ╲ Black's),
// any other key is a ring inset one step further than the previous ring key, solid on
// White's squares and dashed on Black's. Colour, place and line all tell keys apart.
let scheme = null;
function overlayStyles(keys) {
  scheme ||= pawnkit.drawingScheme();
  let rings = 0;
  return keys.filter((k) => state.overlays.has(k)).map((key, i) => {
    const color = scheme.palette[i % scheme.palette.length];
    if (scheme.stripe_keys.includes(key)) return { key, color, stripes: true };
    const ring = rings++;
    return { key, color, ring: ring < scheme.max_rings ? ring : -1 };
  });
}

// Stripes as show --svg's: 3 px of the colour (75% opaque) every 8 px, at 45 degrees.
const stripes = (color, white) =>
  `repeating-linear-gradient(${white ? -45 : 45}deg, ${color}bf 0 3px, transparent 3px 8px)`;

function overlayHtml(styles, inWhite, inBlack) {
  let html = '';
  for (const o of styles) {
    const w = inWhite(o.key), b = inBlack(o.key);
    if (!w && !b) continue;
    if (o.stripes) {
      if (w) html += `<span class="stripes" style="background:${stripes(o.color, true)}"></span>`;
      if (b) html += `<span class="stripes" style="background:${stripes(o.color, false)}"></span>`;
    } else if (o.ring >= 0) {
      const line = w && b ? 'solid dashed' : w ? 'solid' : 'dashed';
      html += `<span class="ring" style="inset:${(1.25 + 2.8 * o.ring).toFixed(2)}px;border-color:${o.color};border-style:${line}"></span>`;
    }
  }
  return html;
}

function render(details) {
  const report = state.report;
  const keys = squareSetKeys(report);
  const sets = {};
  for (const side of ['white', 'black'])
    for (const k of keys) sets[`${side}.${k}`] = new Set(report[side][k]);
  // The coach's view draws its marks (overlays.js), the contract view the chosen keys.
  scheme ||= pawnkit.drawingScheme();
  const marks = coach.coachSets(report);
  const inCoach = state.view === 'coach';
  const styles = inCoach ? coach.coachStyles(state.marks, scheme.palette, scheme.max_rings) : overlayStyles(keys);
  for (const cell of document.querySelectorAll('#board .square')) {
    const sq = Number(cell.dataset.index);
    const name = cell.dataset.square;
    const piece = state.board[sq];
    const inKeys = Object.keys(sets).filter((k) => sets[k].has(name));
    cell.dataset.keys = inKeys.join(' ');
    cell.dataset.marks = coach.COACH_MARKS.flatMap((m) => ['white', 'black']
      .filter((side) => marks.sets[m.id][side].has(name)).map((side) => `${side}.${m.id}`)).join(' ');
    const shown = (side) => inKeys.filter((k) => k.startsWith(side + '.') && state.overlays.has(k.slice(side.length + 1)));
    const white = shown('white'), black = shown('black');
    cell.querySelector('.overlays').innerHTML =
      overlayHtml(styles, (k) => (inCoach ? marks.sets[k].white : sets[`white.${k}`]).has(name),
        (k) => (inCoach ? marks.sets[k].black : sets[`black.${k}`]).has(name));
    cell.querySelector('.piece').textContent = piece ? GLYPHS[piece] : '';
    const label = `${name}${piece ? `, ${piece === piece.toUpperCase() ? 'white' : 'black'} ${PIECE_NAMES[piece.toLowerCase()]}` : ''}` +
      (white.length || black.length ? `; ${[...white, ...black].join(', ')}` : '');
    cell.setAttribute('aria-label', label);
    cell.title = label;
  }
  renderOverlayToggles(keys);
  renderLegend(styles);
  const arrows = styles.find((o) => o.arrows);
  coach.drawArrows($('board'), arrows ? marks.breaks : null);
  renderIslands(report);
  renderKeys(report, keys);
  const structure = report.structure || '';
  $('structure').textContent = structure;
  $('structure-side').textContent = structure ? `(held by ${report.structure_side})` : '(none named)';
  $('structure-text').textContent = structure ? catalogueEntry(structure) : '';
  $('structure-entry').hidden = !structure;
  if (details) {
    $('phase').textContent = details.phase;
    renderEval(details.eval);
  }
}

function renderOverlayToggles(keys) {
  const box = $('overlay-keys');
  if (box.childElementCount === keys.length) return;
  box.textContent = '';
  for (const k of keys) {
    const label = document.createElement('label');
    const input = document.createElement('input');
    input.type = 'checkbox';
    input.value = k;
    input.checked = state.overlays.has(k);
    input.addEventListener('change', () => {
      if (input.checked) state.overlays.add(k); else state.overlays.delete(k);
      render();
    });
    label.append(input, ` ${k}`);
    box.appendChild(label);
  }
}

// One bar per island under the files it spans, White's row above Black's.
function renderIslands(report) {
  const box = $('islands');
  box.textContent = '';
  for (const side of ['white', 'black']) {
    const row = document.createElement('div');
    row.className = `island-row ${side}-islands`;
    row.setAttribute('aria-label', `${side} islands: ${report[side].island_files.join(', ') || 'none'}`);
    const caption = document.createElement('span');
    caption.className = 'island-caption';
    caption.textContent = `${side}: ${report[side].islands} island${report[side].islands === 1 ? "" : "s"}`;
    row.appendChild(caption);
    for (const range of report[side].island_files) {
      const [from, to = from] = range.split('-').map((f) => FILES.indexOf(f));
      const a = state.flipped ? 7 - to : from, b = state.flipped ? 7 - from : to;
      const bar = document.createElement('span');
      bar.className = 'island-bar';
      bar.style.left = `calc(${a} * var(--square))`;
      bar.style.width = `calc(${b - a + 1} * var(--square) - 6px)`;
      bar.textContent = range;
      row.appendChild(bar);
    }
    box.appendChild(row);
  }
}

function renderKeys(report, keys) {
  const table = $('keys');
  const all = Object.keys(report.white);
  const value = (v) => (Array.isArray(v) ? v.join(' ') || '–' : String(v));
  table.innerHTML = '<thead><tr><th scope="col">key</th><th scope="col">white</th><th scope="col">black</th></tr></thead>';
  const body = document.createElement('tbody');
  for (const k of all) {
    const tr = document.createElement('tr');
    tr.innerHTML = `<th scope="row">${k}${keys.includes(k) ? '' : ' <small>(count)</small>'}</th><td></td><td></td>`;
    tr.children[1].textContent = value(report.white[k]);
    tr.children[2].textContent = value(report.black[k]);
    body.appendChild(tr);
  }
  table.appendChild(body);
}

function renderEval(evaluation) {
  const table = $('eval');
  // In pawns, as Stockfish 15.1's eval trace prints its terms (internal units / 361); the
  // internal units in each cell's title.
  const inPawns = (s) => `${(s.mg / 361).toFixed(2)} / ${(s.eg / 361).toFixed(2)}`;
  table.innerHTML = '<caption>in pawns, middlegame / endgame</caption><thead><tr><th scope="col">term</th><th scope="col">White</th><th scope="col">on</th><th scope="col">Black</th><th scope="col">on</th></tr></thead>';
  const body = document.createElement('tbody');
  const terms = evaluation.white.terms.map((t, i) => [t, evaluation.black.terms[i]]);
  for (const [w, b] of terms) {
    if (!w.pawns.length && !b.pawns.length) continue;
    const tr = document.createElement('tr');
    tr.innerHTML = '<th scope="row"></th><td></td><td></td><td></td><td></td>';
    tr.children[0].textContent = w.name;
    tr.children[1].textContent = inPawns(w);
    tr.children[1].title = `${w.mg} / ${w.eg} internal units`;
    tr.children[2].textContent = w.pawns.join(' ');
    tr.children[3].textContent = inPawns(b);
    tr.children[3].title = `${b.mg} / ${b.eg} internal units`;
    tr.children[4].textContent = b.pawns.join(' ');
    body.appendChild(tr);
  }
  const total = document.createElement('tr');
  total.className = 'total';
  total.innerHTML = '<th scope="row">total</th><td></td><td></td><td></td><td></td>';
  total.children[1].textContent = inPawns(evaluation.white);
  total.children[3].textContent = inPawns(evaluation.black);
  body.appendChild(total);
  table.appendChild(body);
}

function renderLegend(styles) {
  const items = styles.map((o) => {
    let swatch, how;
    if (o.arrows) {
      swatch = `<span class="swatch arrow-swatch" style="color:${coach.SIDE_COLORS.white}">➚</span><span class="swatch arrow-swatch" style="color:${coach.SIDE_COLORS.black}">⇣</span>`;
      how = '(White\'s blue and solid, Black\'s orange and dashed)';
    } else if (o.stripes) {
      swatch = `<span class="swatch"><span class="stripes" style="background:${stripes(o.color, true)}"></span></span>` +
        `<span class="swatch"><span class="stripes" style="background:${stripes(o.color, false)}"></span></span>`;
      how = '(╱ White, ╲ Black)';
    } else {
      swatch = `<span class="swatch"><span class="ring" style="inset:4px;border-color:${o.color};border-style:solid"></span></span>` +
        `<span class="swatch"><span class="ring" style="inset:4px;border-color:${o.color};border-style:dashed"></span></span>`;
      how = o.ring >= 0 ? `(ring ${o.ring + 1}: solid White, dashed Black)` : '(not drawn: at most 5 rings)';
    }
    return `<span class="legend-item">${swatch} ${o.label || o.key} ${how}</span>`;
  });
  $('legend').innerHTML = items.join('') || '<span class="legend-item">no overlay chosen</span>';
}

// ---------------------------------------------------------------- structure catalogue

let catalogue = {};
async function loadCatalogue() {
  try {
    const text = await (await fetch('structures.md')).text();
    const re = /^### `([^`]+)` \(([^)]*)\)\n+```\n([\s\S]*?)```/gm;
    for (const m of text.matchAll(re)) catalogue[m[1]] = `${m[2]}\n${m[3].replace(/^\$ .*\n/, '')}`;
  } catch (e) {
    catalogue = {};
  }
}
const catalogueEntry = (id) => catalogue[id] || id;

// ---------------------------------------------------------------- editing

function buildPalette() {
  const palette = $('palette');
  palette.textContent = '';
  const pawnsOnly = $('pawns-only').checked;
  const tools = pawnsOnly ? ['P', 'p', ''] : ['P', 'N', 'B', 'R', 'Q', 'K', 'p', 'n', 'b', 'r', 'q', 'k', ''];
  if (pawnsOnly && !['P', 'p', ''].includes(state.tool)) state.tool = 'P';
  for (const t of tools) {
    const button = document.createElement('button');
    button.type = 'button';
    button.dataset.piece = t || 'eraser';
    button.textContent = t ? GLYPHS[t] : '⌫';
    button.setAttribute('aria-label', t ? `${t === t.toUpperCase() ? 'white' : 'black'} ${PIECE_NAMES[t.toLowerCase()]}` : 'eraser');
    button.setAttribute('aria-pressed', String(t === state.tool && analysis.mode() === 'edit'));
    button.addEventListener('click', () => { state.tool = t; analysis.setMode('edit'); });
    palette.appendChild(button);
  }
}

function place(sq) {
  state.board[sq] = state.board[sq] === state.tool ? '' : state.tool;
  fixCastling();
  const fen = boardFen();
  if (!setFen(fen)) {
    // Keep the edit on the board so that it can be fixed; the message says what is wrong.
    $('fen').value = fen;
    for (const cell of document.querySelectorAll('#board .square'))
      cell.querySelector('.piece').textContent = GLYPHS[state.board[cell.dataset.index]] || '';
  }
}

function focusSquare(sq) {
  state.focus = sq;
  for (const cell of document.querySelectorAll('#board .square')) {
    const me = Number(cell.dataset.index) === sq;
    cell.tabIndex = me ? 0 : -1;
    if (me) cell.focus();
  }
}

function onBoardKey(event) {
  const sq = state.focus;
  let file = sq % 8, rank = Math.floor(sq / 8);
  const dir = state.flipped ? -1 : 1;
  if (event.key === 'ArrowRight') file += dir;
  else if (event.key === 'ArrowLeft') file -= dir;
  else if (event.key === 'ArrowUp') rank += dir;
  else if (event.key === 'ArrowDown') rank -= dir;
  else if (event.key === 'Enter' || event.key === ' ') {
    event.preventDefault();
    if (analysis.mode() === 'play') analysis.click(squareName(sq)); else place(sq);
    focusSquare(sq);
    return;
  } else if ((event.key === 'Delete' || event.key === 'Backspace') && analysis.mode() === 'edit') {
    const tool = state.tool;
    state.tool = '';
    state.board[sq] = 'x'; // anything but the eraser's '': place() then empties the square
    place(sq);
    state.tool = tool;
    focusSquare(sq);
    return;
  } else return;
  event.preventDefault();
  if (file >= 0 && file < 8 && rank >= 0 && rank < 8) focusSquare(rank * 8 + file);
}

// ---------------------------------------------------------------- games

// The bar and Cancel show only while a run goes on; `parts`: the bar's share of each step.
function setBusy(busy, text = '', parts = {}) {
  $('work').hidden = !busy;
  if (busy) progress.start(parts, text);
}

const onProgress = (p) => progress.update(p);

async function openFiles(fileList) {
  const blobs = [...fileList];
  if (!blobs.length) return;
  const name = blobs.map((f) => f.name).join(', ');
  state.files = { blobs, name, key: `${name}:${blobs.map((f) => `${f.size}:${f.lastModified}`).join(',')}:${Date.now()}` };
  $('stats-json').textContent = '';
  $('results').hidden = true;
  setBusy(true, `reading ${name}`, { reading: [0, 0.4], stats: [0.4, 0.75], games: [0.75, 1] });
  $('pgn-file').value = ''; // the same file chosen again (after Cancel) is news again
  try {
    const opts = { key: state.files.key, name, onProgress };
    const s = await pawnkit.statsText(blobs, opts);
    progress.done('stats');
    renderStats(JSON.parse(s.text), s.warnings, s.charts);
    state.games = await pawnkit.games(blobs, opts);
    progress.done('games');
    // Each step in its own task, so that the page answers in between (no long task).
    await nextTask();
    renderGames();
    await nextTask();
    $('results').hidden = false;
    // The structure pages, charts and games by structure (coach.js) follow the files.
    document.dispatchEvent(new CustomEvent('pawnkit:files', { detail: { stats: JSON.parse(s.text), games: state.games } }));
    $('stats-json').textContent = s.text;
    showError(s.warnings ? s.warnings.trim().split('\n')[0] : '', 'file');
    explorer.indexFiles(state.files); // the explorer's index of these files, after the rest
  } catch (e) {
    if (e.message !== 'cancelled') showError(e.message, 'file');
  } finally {
    setBusy(false);
  }
}

const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));

function renderStats(s, warnings, charts) {
  const view = $('stats-view');
  const bad = warnings ? warnings.trim().split('\n').length : 0;
  let html = `<p><strong>${s.games}</strong> games, <strong>${s.positions}</strong> positions` +
    `${s.bad_games ? `, ${s.bad_games} bad` : ''}${s.skipped_games ? `, ${s.skipped_games} skipped` : ''}` +
    `${bad ? ` (${bad} messages)` : ''}; a pattern counts in a game when it lasts ${s.min_plies} plies.</p>`;
  // The charts of `pawnkit stats --svg DIR`, drawn by the same C++ (one figure per file).
  for (const chart of charts) {
    const title = (chart.svg.match(/font-weight="bold">([^<]*)</) || [])[1] || chart.name;
    html += `<figure class="chart" role="img" aria-label="${title}">${chart.svg}</figure>`;
  }
  view.innerHTML = html;
}

function renderGames() {
  const filter = $('filter').value.trim().toLowerCase();
  const table = $('games-table');
  table.innerHTML = '<thead><tr><th scope="col">#</th><th scope="col">White</th><th scope="col">Black</th><th scope="col">Result</th><th scope="col">Moves</th><th scope="col">Structures</th></tr></thead>';
  const body = document.createElement('tbody');
  let shown = 0;
  for (const g of state.games) {
    const text = `${g.white} ${g.black} ${g.result} ${g.eco} ${g.structures.join(' ')}`.toLowerCase();
    if (filter && !text.includes(filter)) continue;
    if (++shown > GAME_ROWS) continue; // counted, not drawn: the filter narrows
    const tr = document.createElement('tr');
    tr.innerHTML = '<td><button type="button"></button></td><td></td><td></td><td></td><td></td><td></td>';
    tr.querySelector('button').textContent = g.game;
    tr.querySelector('button').setAttribute('aria-label', `open game ${g.game}`);
    tr.querySelector('button').addEventListener('click', () => openGame(g.game, 0));
    tr.children[1].textContent = `${g.white}${g.white_elo ? ` (${g.white_elo})` : ''}`;
    tr.children[2].textContent = `${g.black}${g.black_elo ? ` (${g.black_elo})` : ''}`;
    tr.children[3].textContent = g.result;
    tr.children[4].textContent = Math.ceil(g.plies / 2); // moves, as a coach counts
    tr.children[5].textContent = g.structures.join(', ') + (g.error ? ` ⚠ ${g.error}` : '');
    body.appendChild(tr);
  }
  table.appendChild(body);
  $('games-count').textContent = shown > GAME_ROWS
    ? `${shown} games; the first ${GAME_ROWS} are listed (the filter narrows them)` : `${shown} games`;
}

async function openGame(number, ply) {
  if (!state.files) return;
  try {
    const [g] = await pawnkit.games(state.files.blobs, { game: number, key: state.files.key, name: state.files.name });
    showGame(g, ply);
  } catch (e) {
    showError(e.message, 'moves');
  }
}

function showGame(g, ply) {
  state.game = g;
  $('game-title').textContent = `Game ${g.game}: ${g.white} – ${g.black} ${g.result}`;
  showError('', 'moves');
  analysis.loadGame(g, Math.min(ply, g.fens.length - 1));
}

// A game given as its PGN text (the server's /games/ID), opened at `ply`.
async function openGameText(text, ply) {
  const [g] = await pawnkit.games(new Blob([text]), { game: 1, name: 'game' });
  if (!g) throw new Error('the server sent no game');
  showGame(g, ply);
}

// A move given as UCI, played on the analysis board when it is legal there.
function playUci(uci) {
  const tree = analysis.tree();
  let move;
  try {
    move = pawnkit.playMove(tree.current.fen, uci);
  } catch (e) {
    return false;
  }
  if (move.uci !== uci) return false;
  if (analysis.mode() !== 'play') analysis.setMode('play');
  analysis.goTo(tree.add(tree.current, move));
  return true;
}

// After every step of the analysis board: the structure here and, on the main line of an
// opened game, the game's structure timeline, folded as `timeline --min-plies 8` folds it
// and told in moves (timeline.js).
function showTimeline(node, tree, gameNumber) {
  const g = state.game && state.game.game === gameNumber && tree.isMainline(node) ? state.game : null;
  if (!gameNumber) { state.game = null; $('game-title').textContent = ''; }
  const s = state.report.structure;
  $('timeline').textContent = `${s ? `${s} (${state.report.structure_side})` : 'none named'} at this move; ` +
    (g ? timelineWords(g, (fen) => pawnkit.analyze(fen).structure_side) || 'no named structure lasting 8 plies in this game'
      : 'no opened game on the board');
}

async function runFind(games) {
  const where = $('query').value;
  const error = pawnkit.checkQuery(where);
  showError(error ? error.split('\n')[0] : '', 'query');
  $('query-error').textContent = error; // the whole message, with its caret
  if (error) return;
  if (!state.files) return;
  setBusy(true, 'finding', { find: [0, 1] });
  try {
    const opts = { where, minPlies: Number($('min-plies').value) || 1, games, key: state.files.key, name: state.files.name, onProgress };
    const result = await pawnkit.find(state.files.blobs, opts);
    if (games) {
      const a = document.createElement('a');
      a.href = URL.createObjectURL(new Blob([result], { type: 'application/x-chess-pgn' }));
      a.download = 'matching-games.pgn';
      a.click();
      setTimeout(() => URL.revokeObjectURL(a.href), 10000);
      return;
    }
    const box = $('find-results');
    box.innerHTML = `<p>${result.length} positions</p>`;
    const list = document.createElement('ol');
    for (const r of result.slice(0, 200)) {
      const li = document.createElement('li');
      const b = document.createElement('button');
      b.type = 'button';
      b.textContent = `game ${r.game}, move ${Math.ceil(r.ply / 2)}${r.structure ? `, ${r.structure}` : ''}`;
      b.addEventListener('click', () => openGame(r.game, r.ply));
      li.appendChild(b);
      list.appendChild(li);
    }
    box.appendChild(list);
  } catch (e) {
    if (e.message !== 'cancelled') showError(e.message, 'query');
  } finally {
    setBusy(false);
  }
}

async function runSimilar() {
  if (!state.files) return;
  showError('', 'query');
  setBusy(true, 'comparing', { similar: [0, 1] });
  try {
    const options = { to: boardFen(), top: 10, minPly: Number($('similar-min-ply').value), ignoreFiles: $('similar-ignore').value };
    const hits = await pawnkit.similar(state.files.blobs, { ...options, key: state.files.key, name: state.files.name, onProgress });
    const box = $('find-results');
    box.innerHTML = '<p>Games whose pawn structure comes closest to the board</p>';
    const list = document.createElement('ol');
    for (const h of hits) {
      const li = document.createElement('li');
      const b = document.createElement('button');
      b.type = 'button';
      b.textContent = `${h.similarity.toFixed(3)}: game ${h.game}, move ${Math.ceil(h.ply / 2)}, ${h.white} – ${h.black} ${h.result}${h.reversed ? ' (colours reversed)' : ''}`;
      b.addEventListener('click', () => openGame(h.game, h.ply));
      li.appendChild(b);
      list.appendChild(li);
    }
    box.appendChild(list);
  } catch (e) {
    if (e.message !== 'cancelled') showError(e.message, 'query');
  } finally {
    setBusy(false);
  }
}

// ---------------------------------------------------------------- start

async function main() {
  await Promise.all([pawnkit.ready, loadCatalogue()]);
  progress = createProgress($('progress'), $('progress-text'));
  buildBoard();
  coach.buildCoachToggles($('coach-marks'), state.marks, () => render());
  $('contract-keys').addEventListener('toggle', () => { state.view = $('contract-keys').open ? 'contract' : 'coach'; render(); });
  analysis = createAnalysis({
    show: showFen,
    onNode: showTimeline,
    showError,
    onMode: (mode) => { buildPalette(); $('board').setAttribute('aria-label', mode === 'play' ? PLAY_LABEL : EDIT_LABEL); },
  });
  buildPalette();
  explorer = createExplorer($('explorer'), { board: () => $('board'), play: playUci, openFileGame: openGame, openGameText });
  if (!analysis.applyHash() && !setFen(START)) throw new Error('the start position was refused');
  analysis.setMode('play');
  initCoachPages({ openGame, setFen, files: () => state.files });
  window.pawnkitPage = { openGame }; // for tests and other pages

  $('fen').addEventListener('change', () => setFen($('fen').value));
  $('fen').addEventListener('keydown', (e) => { if (e.key === 'Enter') setFen($('fen').value); });
  $('board').addEventListener('click', (e) => {
    const cell = e.target.closest('.square');
    if (!cell) return;
    if (analysis.mode() === 'play') analysis.click(cell.dataset.square);
    else { focusSquare(Number(cell.dataset.index)); place(Number(cell.dataset.index)); }
  });
  $('board').addEventListener('keydown', onBoardKey);
  $('board').addEventListener('focusin', (e) => {
    const cell = e.target.closest('.square');
    if (cell) state.focus = Number(cell.dataset.index);
  });
  $('flip').addEventListener('click', () => { state.flipped = !state.flipped; buildBoard(); render(); analysis.setMode(analysis.mode()); });
  $('clear').addEventListener('click', () => { state.board.fill(''); state.board[4] = 'K'; state.board[60] = 'k'; state.rest = 'w - - 0 1'; setFen(boardFen()); });
  $('start').addEventListener('click', () => setFen(START));
  $('pawns-only').addEventListener('change', () => {
    buildPalette();
    if ($('pawns-only').checked) {
      state.board = state.board.map((p) => (/[pPkK]/.test(p) ? p : ''));
      fixCastling();
      setFen(boardFen());
    }
  });
  $('pgn-file').addEventListener('change', (e) => openFiles(e.target.files));
  const drop = $('drop');
  drop.addEventListener('dragover', (e) => { e.preventDefault(); drop.classList.add('dragging'); });
  drop.addEventListener('dragleave', () => drop.classList.remove('dragging'));
  drop.addEventListener('drop', (e) => { e.preventDefault(); drop.classList.remove('dragging'); openFiles(e.dataTransfer.files); });
  $('cancel').addEventListener('click', () => { pawnkit.cancel(); setBusy(false); showError('cancelled', 'file'); });
  $('filter').addEventListener('input', renderGames);
  $('find-form').addEventListener('submit', (e) => { e.preventDefault(); runFind(false); });
  $('export').addEventListener('click', () => runFind(true));
  $('similar-form').addEventListener('submit', (e) => { e.preventDefault(); runSimilar(); });
  document.body.dataset.ready = 'true';
}

main().catch((e) => showError(`pawnkit could not start: ${e.message || e}`));
