// The page: a board that shows the pattern spec's patterns of the position on it, and the
// games of the files the user opens. All answers come from the WebAssembly module
// through the API in pawnkit.js (also window.pawnkit).
import * as pawnkit from './pawnkit.js';
import * as coach from './overlays.js';
import { initCoachPages } from './coach.js';
import { createAnalysis } from './analysis.js';
import { createProgress } from './progress.js';
import { initGameLinks } from './links.js';
import { $, START, state, showError, page } from './page-state.js';
import { boardFen, fixCastling, setFen, showFen } from './position.js';
import { buildBoard, render, loadCatalogue } from './board-view.js';
import { buildPalette, focusSquare, onBoardKey, place } from './editor.js';
import { openFiles, renderGames, openGame, setBusy, showTimeline } from './files.js';
import { runFind, runSimilar } from './find.js';
import { initExplorer } from './explorer-page.js';

const PLAY_LABEL = 'Chess board: click a piece and its square, or drag it, to play a move; arrows move between squares, Enter or Space acts as a click';
const EDIT_LABEL = 'Chess board: arrows move, Enter or Space places the chosen piece';

window.pawnkit = pawnkit;

async function main() {
  await Promise.all([pawnkit.ready, loadCatalogue()]);
  page.progress = createProgress($('progress'), $('progress-text'));
  buildBoard();
  coach.buildCoachToggles($('coach-marks'), state.marks, () => render());
  $('contract-keys').addEventListener('toggle', () => { state.view = $('contract-keys').open ? 'contract' : 'coach'; render(); });
  page.analysis = createAnalysis({
    show: showFen,
    onNode: showTimeline,
    showError,
    onMode: (mode) => { buildPalette(); $('board').setAttribute('aria-label', mode === 'play' ? PLAY_LABEL : EDIT_LABEL); },
  });
  buildPalette();
  initExplorer();
  if (!page.analysis.applyHash() && !setFen(START)) throw new Error('the start position was refused');
  page.analysis.setMode('play');
  initCoachPages({ openGame, setFen, files: () => state.files, playOrShow: (uci) => page.explorer.playOrShow(uci) });
  initGameLinks({ openGame, files: () => state.files });
  window.pawnkitPage = { openGame }; // for tests and other pages

  $('fen').addEventListener('change', () => setFen($('fen').value));
  $('fen').addEventListener('keydown', (e) => { if (e.key === 'Enter') setFen($('fen').value); });
  $('board').addEventListener('click', (e) => {
    const cell = e.target.closest('.square');
    if (!cell) return;
    if (page.analysis.mode() === 'play') page.analysis.click(cell.dataset.square);
    else { focusSquare(Number(cell.dataset.index)); place(Number(cell.dataset.index)); }
  });
  $('board').addEventListener('keydown', onBoardKey);
  $('board').addEventListener('focusin', (e) => {
    const cell = e.target.closest('.square');
    if (cell) state.focus = Number(cell.dataset.index);
  });
  $('flip').addEventListener('click', () => { state.flipped = !state.flipped; buildBoard(); render(); page.analysis.setMode(page.analysis.mode()); });
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
