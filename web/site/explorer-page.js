// The explorer's place in the page (explorer.js): it follows the board (the
// 'pawnkit:position' event of position.js) and the opened files ('pawnkit:files'), plays
// its moves on the analysis board and opens its model games there; page.explorer is its
// API (explorer.js) for the structure pages.
import * as pawnkit from './pawnkit.js';
import { $, state, showError, page } from './page-state.js';
import { openGame, setBusy, onProgress } from './files.js';
import { createExplorer } from './explorer.js';

function showGame(g, ply) {
  state.game = g;
  $('game-title').textContent = `Game ${g.game}: ${g.white} – ${g.black} ${g.result}`;
  showError('', 'moves');
  page.analysis.loadGame(g, Math.min(ply, g.fens.length - 1));
}

// A game given as its PGN text (the server's /games/ID), opened at `ply`.
async function openGameText(text, ply) {
  const [g] = await pawnkit.games(new Blob([text]), { game: 1, name: 'game' });
  if (!g) throw new Error('the server sent no game');
  showGame(g, ply);
}

// A move given as UCI, played on the analysis board when it is legal there.
function playUci(uci) {
  const tree = page.analysis.tree();
  let move;
  try {
    move = pawnkit.playMove(tree.current.fen, uci);
  } catch (e) {
    return false;
  }
  if (move.uci !== uci) return false;
  if (page.analysis.mode() !== 'play') page.analysis.setMode('play');
  page.analysis.goTo(tree.add(tree.current, move));
  return true;
}

// The index was lost (Cancel of other work stopped the worker): built again as a run of
// its own, with the bar and Cancel.
async function reindex(files) {
  setBusy(true, `indexing ${files.name}`, { reading: [0, 0.4], index: [0.4, 1] });
  try {
    await page.explorer.indexFiles(files, onProgress);
    page.progress.done('index');
  } finally {
    setBusy(false);
  }
}

// Call before the first position is shown. The opened files are indexed by files.js, as
// the last step of reading them (page.explorer.indexFiles), under the same bar.
export function initExplorer() {
  const explorer = createExplorer($('explorer'), { board: () => $('board'), play: playUci, openFileGame: openGame, openGameText, reindex });
  page.explorer = explorer;
  document.addEventListener('pawnkit:position', (e) => explorer.update(e.detail.fen));
  // A structure page's "Explore this structure" (coach.js): the named structure's games.
  document.addEventListener('pawnkit:explore-structure', () => explorer.setMatch('structure'));
  return explorer;
}
