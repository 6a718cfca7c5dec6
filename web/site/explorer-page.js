// The explorer's place in the page (explorer.js): it follows the board (the
// 'pawnkit:position' event of position.js) and the opened files ('pawnkit:files'), plays
// its moves on the analysis board and opens its model games there.
import * as pawnkit from './pawnkit.js';
import { $, state, showError, page } from './page-state.js';
import { openGame } from './files.js';
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

// Call before the first position is shown.
export function initExplorer() {
  const explorer = createExplorer($('explorer'), { board: () => $('board'), play: playUci, openFileGame: openGame, openGameText });
  document.addEventListener('pawnkit:position', (e) => explorer.update(e.detail.fen));
  document.addEventListener('pawnkit:files', () => explorer.indexFiles(state.files));
  // A structure page's "Explore this structure" (coach.js): the named structure's games.
  document.addEventListener('pawnkit:explore-structure', () => explorer.setMatch('structure'));
  return explorer;
}
