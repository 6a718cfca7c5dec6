// The opened PGN files: reading them in the worker with one progress bar, the stats and
// the games table, opening a game on the analysis board with its structure timeline.
import * as pawnkit from './pawnkit.js';
import { timelineWords } from './timeline.js';
import { $, state, showError, page } from './page-state.js';

const GAME_ROWS = 200; // rows of the games table drawn at once (a long table freezes the page)

// The bar and Cancel show only while a run goes on; `parts`: the bar's share of each step.
export function setBusy(busy, text = '', parts = {}) {
  $('work').hidden = !busy;
  if (busy) page.progress.start(parts, text);
}

export const onProgress = (p) => page.progress.update(p);

export async function openFiles(fileList) {
  const blobs = [...fileList];
  if (!blobs.length) return;
  const name = blobs.map((f) => f.name).join(', ');
  state.files = { blobs, name, key: `${name}:${blobs.map((f) => `${f.size}:${f.lastModified}`).join(',')}:${Date.now()}` };
  $('stats-json').textContent = '';
  $('results').hidden = true;
  // The explorer's index of the files is the run's last step, under the same bar.
  setBusy(true, `reading ${name}`, { reading: [0, 0.35], stats: [0.35, 0.6], games: [0.6, 0.7], index: [0.7, 1] });
  $('pgn-file').value = ''; // the same file chosen again (after Cancel) is news again
  try {
    const opts = { key: state.files.key, name, onProgress };
    const s = await pawnkit.statsText(blobs, opts);
    page.progress.done('stats');
    renderStats(JSON.parse(s.text), s.warnings, s.charts);
    state.games = await pawnkit.games(blobs, opts);
    page.progress.done('games');
    // Each step in its own task, so that the page answers in between (no long task).
    await nextTask();
    renderGames();
    await nextTask();
    $('results').hidden = false;
    // The structure pages, charts and games by structure (coach.js) follow the files.
    document.dispatchEvent(new CustomEvent('pawnkit:files', { detail: { stats: JSON.parse(s.text), games: state.games } }));
    $('stats-json').textContent = s.text;
    showError(s.warnings ? s.warnings.trim().split('\n')[0] : '', 'file');
    if (page.explorer) await page.explorer.indexFiles(state.files, onProgress);
    page.progress.done('index');
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

export function renderGames() {
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

export async function openGame(number, ply, line = null) {
  if (!state.files) return;
  try {
    const [g] = await pawnkit.games(state.files.blobs, { game: number, key: state.files.key, name: state.files.name });
    if (!g) throw new Error(`there is no game ${number} in ${state.files.name} (${state.games.length} games)`);
    state.game = g;
    $('game-title').textContent = `Game ${g.game}: ${g.white} – ${g.black} ${g.result}`;
    showError('', 'moves');
    page.analysis.loadGame(g, line ? ply : Math.min(ply, g.fens.length - 1), line);
  } catch (e) {
    showError(e.message, 'moves');
  }
}

// After every step of the analysis board: the structure here and, on the main line of an
// opened game, the game's structure timeline, folded as `timeline --min-plies 8` folds it
// and told in moves (timeline.js).
export function showTimeline(node, tree, gameNumber) {
  const g = state.game && state.game.game === gameNumber && tree.isMainline(node) ? state.game : null;
  if (!gameNumber) { state.game = null; $('game-title').textContent = ''; }
  const s = state.report.structure;
  $('timeline').textContent = `${s ? `${s} (${state.report.structure_side})` : 'none named'} at this move; ` +
    (g ? timelineWords(g, (fen) => pawnkit.analyze(fen).structure_side) || 'no named structure lasting 8 plies in this game'
      : 'no opened game on the board');
}
