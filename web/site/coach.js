// The coach's parts of the page: the structure list and pages (structures.js), the games of
// a picked structure (#games, one row per game with data-game, sortable) with their export
// as study chapters (export.js), and the charts (charts.js). app.js calls initCoachPages
// once and sends 'pawnkit:files' when files have been read.
import * as pawnkit from './pawnkit.js';
import { parseCatalogue, renderList, renderPage, renderYourGames, marksFor } from './structures.js';
import { studyFiles } from './export.js';
import { renderCharts } from './charts.js';
import { moveOf, TIMELINE_MIN_PLIES } from './timeline.js';
import { initSearchMask } from './search.js';
import { renderStructureExplorer } from './structure-explorer.js';

const $ = (id) => document.getElementById(id);
const esc = (s) => String(s).replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' }[c]));

const coach = {
  page: null,        // {openGame, setFen, files, playOrShow}
  shown: null,       // the structure page shown: {id, mine (its games held 8 plies), reached (the explorer's answers)}
  catalogue: [],
  table: null,       // the games table of the opened files, by number
  counts: null,      // structure -> games of the opened files that reached it
  picked: '',
  search: null,      // the search mask's last search ({fen, match, structure}), when its games are listed
  rows: [],          // the picked structure's games: {game, ply, holder, ...table fields}
  sort: { key: 'game', dir: 1 },
  runs: 0,           // bumped at every pick: a late answer to an older pick is dropped
};

// The games where `structure` held TIMELINE_MIN_PLIES plies in a row, at the first such
// position (find --where 'structure == "NAME"' --min-plies 8, its first hit per game).
async function gamesOf(structure) {
  const files = coach.page.files();
  const hits = await pawnkit.find(files.blobs, { where: `structure == "${structure}"`, minPlies: TIMELINE_MIN_PLIES, key: files.key, name: files.name });
  const first = new Map();
  for (const h of hits) if (!first.has(h.game)) first.set(h.game, { game: h.game, ply: h.ply, holder: h.structure_side });
  return [...first.values()].map((r) => ({ ...coach.table.get(r.game), ...r }));
}

const year = (g) => (/^\d{4}/.test(g.date || '') ? g.date.slice(0, 4) : '');
// Speed as Lichess names it from the TimeControl tag, as `pawnkit explore --speeds` does
// (index/game_info.cpp): base seconds + 40 x increment under 30 is ultraBullet, under 180
// bullet, under 480 blitz, under 1500 rapid, else classical; '-' is correspondence.
export function speedOf(timecontrol) {
  if (timecontrol === '-') return 'correspondence';
  const m = /^(\d+)(?:\+(\d+))?$/.exec(timecontrol || '');
  if (!m) return '';
  const estimate = Number(m[1]) + 40 * Number(m[2] || 0);
  return estimate < 30 ? 'ultraBullet' : estimate < 180 ? 'bullet' : estimate < 480 ? 'blitz' : estimate < 1500 ? 'rapid' : 'classical';
}
// The filters: both players rated at least, the speed, from a year on.
function kept(g) {
  const elo = Number($('pick-elo').value) || 0, speed = $('pick-speed').value, from = Number($('pick-year').value) || 0;
  if (elo && !(Number(g.white_elo) >= elo && Number(g.black_elo) >= elo)) return false;
  if (speed && speedOf(g.timecontrol) !== speed) return false;
  return !from || Number(year(g)) >= from;
}
const rating = (g) => Math.max(Number(g.white_elo) || 0, Number(g.black_elo) || 0);
const COLUMNS = [
  ['game', '#', (g) => g.game],
  ['white', 'White', (g) => g.white.toLowerCase()],
  ['black', 'Black', (g) => g.black.toLowerCase()],
  ['rating', 'Ratings', rating],
  ['result', 'Result', (g) => g.result],
  ['year', 'Year', (g) => Number(year(g)) || 0],
  ['timecontrol', 'Time control', (g) => { const [b, i] = (g.timecontrol || '').split('+').map(Number); return (b || 0) + 40 * (i || 0); }],
  ['move', 'Arose at', (g) => g.ply],
  ['holder', 'Held by', (g) => g.holder],
];

function renderGamesTable() {
  const table = $('games');
  const col = COLUMNS.find((c) => c[0] === coach.sort.key);
  const rows = coach.rows.filter(kept).sort((a, b) => {
    const x = col[2](a), y = col[2](b);
    return (x < y ? -1 : x > y ? 1 : a.game - b.game) * coach.sort.dir;
  });
  coach.sorted = rows;
  let html = '<thead><tr>' + COLUMNS.map(([key, words]) => {
    const sorted = key === coach.sort.key ? (coach.sort.dir > 0 ? 'ascending' : 'descending') : 'none';
    return `<th scope="col" aria-sort="${sorted}"><button type="button" data-sort="${key}">${words}${sorted === 'none' ? '' : sorted === 'ascending' ? ' ▲' : ' ▼'}</button></th>`;
  }).join('') + '</tr></thead><tbody>';
  for (const g of rows) {
    html += `<tr data-game="${g.game}" data-ply="${g.ply}"><td><button type="button" class="open-game" aria-label="open game ${g.game} at move ${moveOf(g.ply)}">${g.game}</button></td>` +
      `<td>${esc(g.white)}</td><td>${esc(g.black)}</td><td>${esc(g.white_elo || '–')} / ${esc(g.black_elo || '–')}</td>` +
      `<td>${esc(g.result)}</td><td>${year(g)}</td><td>${esc(g.timecontrol || '')}</td>` +
      `<td>move ${moveOf(g.ply)} <small>(ply ${g.ply})</small></td><td>${heldBy(g)}</td></tr>`;
  }
  table.innerHTML = `${html}</tbody>`;
  const passing = rows.length < coach.rows.length ? `; ${rows.length} pass the filters` : '';
  const games = `${coach.rows.length} game${coach.rows.length === 1 ? '' : 's'}`;
  if (coach.picked && coach.rows.length) {
    $('pick-count').textContent = `${games} held ${coach.picked} for ${TIMELINE_MIN_PLIES} plies in a row or more${passing}`;
  } else if (coach.search) {
    $('pick-count').textContent = coach.rows.length
      ? `${games} reached the mask's pawns (match: ${coach.search.match}${coach.search.structure ? `, ${coach.search.structure}` : ''})${passing}`
      : `no game reached the mask's pawns (match: ${coach.search.match})`;
  }
  $('export-study').disabled = !rows.length;
}

// Who held the named structure at the row's first position (the search mask's rows name
// it, since an exact or centre match may stand in any structure or none).
function heldBy(g) {
  const side = g.holder === 'white' ? 'White' : g.holder === 'black' ? 'Black' : '–';
  return coach.search ? (g.structure ? `${side} <small>(${esc(g.structure)})</small>` : '–') : side;
}

// The search mask's games (search.js), listed as a picked structure's are.
function showSearchRows(rows, what) {
  coach.picked = '';
  $('pick-structure').value = '';
  $('export-links').textContent = '';
  ++coach.runs; // a pick still running is no longer wanted
  coach.search = what;
  coach.rows = rows.map((r) => ({ ...coach.table.get(r.game), ...r, holder: r.structure_side,
    label: `the search mask's pawns (${what.match}${r.structure ? `; ${r.structure}, held by ${r.structure_side}` : ''})` }));
  renderGamesTable();
}

async function pick(structure) {
  coach.picked = structure;
  if (structure) coach.search = null;
  $('pick-structure').value = structure;
  $('export-links').textContent = '';
  const run = ++coach.runs;
  if (!structure || !coach.table) { coach.rows = []; renderGamesTable(); $('pick-count').textContent = ''; return; }
  $('pick-count').textContent = 'finding…';
  coach.rows = []; // the last structure's games must not stand under this one's name
  renderGamesTable();
  try {
    const rows = await gamesOf(structure);
    if (run !== coach.runs) return;
    coach.rows = rows;
    renderGamesTable();
    if (!rows.length) $('pick-count').textContent = `no game held ${structure} for ${TIMELINE_MIN_PLIES} plies in a row`;
  } catch (e) {
    $('pick-count').textContent = e.message;
  }
}

async function exportStudy() {
  const entry = coach.catalogue.find((c) => c.id === coach.picked);
  const rows = coach.sorted || coach.rows;
  if ((!entry && !coach.search) || !rows.length) return;
  const files = coach.page.files();
  $('export-links').textContent = `reading ${rows.length} games…`;
  try {
    const full = await pawnkit.games(files.blobs, { game: rows.map((r) => r.game), key: files.key, name: files.name });
    const byNumber = new Map(full.map((g) => [g.game, g]));
    // A mask's rows: each chapter marked with the structure of its own first position.
    const marksOf = (holder, row) => {
      const named = entry || coach.catalogue.find((c) => c.id === row.structure);
      return named && holder ? marksFor(named, holder) : { squares: [], breaks: [] };
    };
    const out = studyFiles(rows, byNumber, entry ? entry.id : 'search-mask', marksOf);
    const box = $('export-links');
    box.innerHTML = `<p>${rows.length} chapters in ${out.length} file${out.length === 1 ? '' : 's'} of at most 64 (a Lichess study's limit), each starting at the structure's first position ([FEN] start), key squares as [%csl], breaks as [%cal]:</p>`;
    for (const f of out) {
      const a = document.createElement('a');
      a.href = URL.createObjectURL(new Blob([f.text], { type: 'application/x-chess-pgn' }));
      a.download = f.name;
      a.textContent = f.name;
      a.dataset.chapters = f.chapters;
      box.appendChild(a);
      box.append(' ');
    }
  } catch (e) {
    $('export-links').textContent = e.message;
  }
}

function showStructure(id) {
  const entry = coach.catalogue.find((c) => c.id === id);
  if (!entry) return;
  for (const b of document.querySelectorAll('#structure-list button')) b.setAttribute('aria-pressed', String(b.dataset.structure === id));
  const article = $('structure-page');
  const onBoard = (fen) => { coach.page.setFen(fen); document.getElementById('board').scrollIntoView({ block: 'nearest' }); };
  const onOpenGame = (game, ply) => coach.page.openGame(game, ply).then(() => $('board').scrollIntoView({ block: 'nearest' }));
  // The explorer beside the board, asked about the named structure of the page's position.
  const onExplore = (fen) => {
    document.dispatchEvent(new CustomEvent('pawnkit:explore-structure'));
    coach.page.setFen(fen);
    document.getElementById('explorer').scrollIntoView({ block: 'nearest' });
  };
  renderPage(article, entry, coach.table ? 'finding' : null, { onBoard, onExplore, onOpenGame });
  article.dataset.structure = id;
  // "Your games" (held 8 plies, found in the worker) and the explorer's answers (any
  // visit), each drawn when it comes; the counts of "your games" name both.
  const shown = coach.shown = { id, mine: coach.table ? 'finding' : null, reached: null };
  const drawMine = () => {
    if (coach.shown === shown) renderYourGames(article, entry, shown.mine, { onShowGames: showGames, onOpenGame }, shown.reached);
  };
  if (coach.table) {
    gamesOf(id).then((rows) => { shown.mine = rows; drawMine(); })
      .catch((e) => { if (coach.shown === shown) article.querySelector('#your-games').textContent = e.message; });
  }
  exploreShown();
}

// The explorer's part of the structure page shown, again when the explorer's source
// changes (files indexed, the served/opened-files switch).
function exploreShown() {
  const shown = coach.shown;
  if (!shown) return;
  const entry = coach.catalogue.find((c) => c.id === shown.id);
  const onMove = (uci, fen) => {
    coach.page.setFen(fen);
    coach.page.playOrShow(uci);
    $('board').scrollIntoView({ block: 'nearest' });
  };
  renderStructureExplorer($('structure-explorer'), entry, { onMove }).then((reached) => {
    if (coach.shown !== shown) return;
    shown.reached = reached;
    if (shown.mine !== 'finding') renderYourGames($('structure-page'), entry, shown.mine, { onShowGames: showGames, onOpenGame: shownOpenGame }, reached);
  });
}
const shownOpenGame = (game, ply) => coach.page.openGame(game, ply).then(() => $('board').scrollIntoView({ block: 'nearest' }));

function showGames(id) {
  pick(id);
  $('pick-form').scrollIntoView({ block: 'start' });
}

export async function initCoachPages(page) {
  coach.page = page;
  try {
    coach.catalogue = parseCatalogue(await (await fetch('structures.md')).text());
  } catch (e) {
    coach.catalogue = [];
  }
  renderList($('structure-list'), coach.catalogue, null, showStructure);
  const select = $('pick-structure');
  select.innerHTML = '<option value="">(choose a structure)</option>' +
    coach.catalogue.map((c) => `<option value="${c.id}">${esc(c.title)} (${c.id})</option>`).join('');
  select.addEventListener('change', () => pick(select.value));
  $('export-study').addEventListener('click', exportStudy);
  initSearchMask($('search-mask'), {
    boardFen: () => $('fen').value,
    files: () => (coach.table ? coach.page.files() : null),
    onRows: showSearchRows,
    onError: (message) => { $('pick-count').textContent = message; },
    onBusy: (words) => { $('pick-count').textContent = words; },
  });
  for (const id of ['pick-elo', 'pick-speed', 'pick-year']) $(id).addEventListener('input', () => { $('export-links').textContent = ''; renderGamesTable(); });
  $('games').addEventListener('click', (e) => {
    const sort = e.target.closest('[data-sort]');
    if (sort) {
      coach.sort = { key: sort.dataset.sort, dir: coach.sort.key === sort.dataset.sort ? -coach.sort.dir : 1 };
      renderGamesTable();
      return;
    }
    const row = e.target.closest('.open-game') && e.target.closest('tr');
    if (row) page.openGame(Number(row.dataset.game), Number(row.dataset.ply));
  });
  document.addEventListener('pawnkit:files', ({ detail }) => {
    coach.table = new Map(detail.games.map((g) => [g.game, g]));
    coach.counts = {};
    for (const g of detail.games) for (const s of g.structures) coach.counts[s] = (coach.counts[s] || 0) + 1;
    renderList($('structure-list'), coach.catalogue, coach.counts, showStructure);
    for (const o of select.options) if (o.value) o.textContent = `${coach.catalogue.find((c) => c.id === o.value).title} (${o.value}): ${coach.counts[o.value] || 0} games reach it, for a ply or more`;
    renderCharts($('coach-charts'), detail.stats);
    if (coach.search) { coach.search = null; coach.rows = []; $('pick-count').textContent = ''; renderGamesTable(); } else pick(coach.picked);
    const shown = $('structure-page').dataset.structure;
    if (shown) showStructure(shown);
  });
  document.addEventListener('pawnkit:explorer-source', exploreShown);
}
