// Links to a game of the opened files. The address the page writes carries the game's
// number beside its line (#fen=...&game=N&moves=...&ply=M), and a short one names the game
// and the move alone (#game=N&ply=M: ply M of its main line). Such a link, opened before
// the file (the page cannot read a file by itself), shows its line at once when it has
// one; once the file is opened, game N opens from it at that move, with the variations
// and comments of its text. A link pasted while a file is open opens at once.
import { fromHash } from './movetree.js';

// The address the page was opened with, before the page writes its own (the start position).
const OPENED_WITH = location.hash;

// hooks: {openGame(number, ply, line), files(): the opened files or null}
export function initGameLinks(hooks) {
  let pending = OPENED_WITH; // the link the page was opened with, not yet followed

  async function follow(hash) {
    const h = fromHash(hash);
    if (!h.game || !hooks.files()) return;
    pending = '';
    await hooks.openGame(h.game, h.ply, h.moves.length ? h.moves : null);
  }
  // The page writes its own address with history.replaceState, which fires no hashchange:
  // a hashchange is a link typed or pasted.
  window.addEventListener('hashchange', () => {
    pending = location.hash;
    follow(pending);
  });
  document.addEventListener('pawnkit:files', () => { if (pending) follow(pending); });
}
