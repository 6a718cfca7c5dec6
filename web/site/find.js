// Find (a query in the language of find --where) and "Games like the board" (similar) over
// the opened files; their results open on the board.
import * as pawnkit from './pawnkit.js';
import { $, state, showError } from './page-state.js';
import { boardFen } from './position.js';
import { setBusy, onProgress, openGame } from './files.js';

export async function runFind(games) {
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
    showHits(`${result.length} positions`, result.slice(0, 200),
      (r) => `game ${r.game}, move ${Math.ceil(r.ply / 2)}${r.structure ? `, ${r.structure}` : ''}`);
  } catch (e) {
    if (e.message !== 'cancelled') showError(e.message, 'query');
  } finally {
    setBusy(false);
  }
}

export async function runSimilar() {
  if (!state.files) return;
  showError('', 'query');
  setBusy(true, 'comparing', { similar: [0, 1] });
  try {
    const options = { to: boardFen(), top: 10, minPly: Number($('similar-min-ply').value), ignoreFiles: $('similar-ignore').value };
    const hits = await pawnkit.similar(state.files.blobs, { ...options, key: state.files.key, name: state.files.name, onProgress });
    showHits('Games whose pawn structure comes closest to the board', hits,
      (h) => `${h.similarity.toFixed(3)}: game ${h.game}, move ${Math.ceil(h.ply / 2)}, ${h.white} – ${h.black} ${h.result}${h.reversed ? ' (colours reversed)' : ''}`);
  } catch (e) {
    if (e.message !== 'cancelled') showError(e.message, 'query');
  } finally {
    setBusy(false);
  }
}

// The results under a heading: one button per hit ({game, ply}) that opens it on the board.
function showHits(heading, hits, label) {
  const box = $('find-results');
  box.innerHTML = '';
  const p = document.createElement('p');
  p.textContent = heading;
  const list = document.createElement('ol');
  for (const hit of hits) {
    const li = document.createElement('li');
    const b = document.createElement('button');
    b.type = 'button';
    b.textContent = label(hit);
    b.addEventListener('click', () => openGame(hit.game, hit.ply));
    li.appendChild(b);
    list.appendChild(li);
  }
  box.append(p, list);
}
