// Search by pawns (#search-mask): a pawns-only board, as ChessBase's search mask, where a
// click cycles a square through empty, a white pawn and a black pawn, with the match mode
// of `pawnkit explore --match` (exact, centre, named structure: docs/explorer.md). The
// games are found in the worker by the library's own definitions (pawnkit.searchGames,
// web/src/search_bindings.cpp) and listed in #games by coach.js, one row per game at the
// first position that matched. No query language.
import * as pawnkit from './pawnkit.js';

const FILES = 'abcdefgh';
const GLYPH = { P: '♙', p: '♟' };
const NEXT = { '': 'P', P: 'p', p: '' };
const MATCH_WORDS = {
  exact: 'exactly these pawns, both sides',
  center: 'these pawns on the c- to f-files (the wings are free)',
  structure: 'the named structure these pawns make, held by the same side',
};

const squareName = (sq) => FILES[sq % 8] + (Math.floor(sq / 8) + 1);

// The mask as a FEN (its pawns alone; explore ignores the pieces and the side to move).
export function maskFen(mask) {
  let out = '';
  for (let rank = 7; rank >= 0; --rank) {
    let empty = 0;
    for (let file = 0; file < 8; ++file) {
      const p = mask[rank * 8 + file];
      if (!p) { ++empty; continue; }
      out += (empty || '') + p;
      empty = 0;
    }
    out += (empty || '') + (rank ? '/' : '');
  }
  return `${out} w - - 0 1`;
}

// hooks: {boardFen(): the analysis board's FEN, files(): the opened files or null,
//         onRows(rows, what): the games found ({game, ply, plies, structure,
//         structure_side}) and what was searched ({fen, match, structure}),
//         onError(message), onBusy(text)}
export function initSearchMask(box, hooks) {
  const mask = new Array(64).fill('');
  box.innerHTML = `<legend>Or by pawns: a search mask (a click cycles empty, white pawn, black pawn)</legend>
    <div id="mask" role="grid" aria-label="Search mask: a pawns-only board"></div>
    <div class="mask-controls">
      <button type="button" id="mask-from-board">The board's pawns</button>
      <button type="button" id="mask-clear">Empty</button>
      <label for="mask-match">Match</label>
      <select id="mask-match">
        <option value="exact">exact</option><option value="center">centre</option><option value="structure">named structure</option>
      </select>
      <button type="button" id="mask-search">Search games</button>
      <p id="mask-words" class="note"></p>
      <p id="mask-error" class="local-error" role="alert"></p>
    </div>`;
  const grid = box.querySelector('#mask');
  for (let row = 0; row < 8; ++row) {
    for (let col = 0; col < 8; ++col) {
      const sq = (7 - row) * 8 + col;
      const b = document.createElement('button');
      b.type = 'button';
      b.className = `mask-square ${(row + col) % 2 ? 'dark' : 'light'}`;
      b.dataset.maskSquare = squareName(sq);
      b.disabled = row === 0 || row === 7; // no pawn stands on the first or last rank
      grid.appendChild(b);
    }
  }
  const match = box.querySelector('#mask-match');
  const words = () => {
    const fen = maskFen(mask);
    const named = safeStructure(fen);
    box.querySelector('#mask-words').textContent = `Counts the games that reached ${MATCH_WORDS[match.value]}, once each, at the first position` +
      (named ? `; these pawns make ${named.structure} (held by ${named.structure_side}).` : '; these pawns make no named structure.');
  };
  const draw = () => {
    for (const b of grid.children) {
      const p = mask[FILES.indexOf(b.dataset.maskSquare[0]) + 8 * (Number(b.dataset.maskSquare[1]) - 1)];
      b.textContent = GLYPH[p] || '';
      b.dataset.piece = p;
      b.setAttribute('aria-label', `${b.dataset.maskSquare}: ${p === 'P' ? 'white pawn' : p === 'p' ? 'black pawn' : 'empty'}`);
    }
    words();
  };
  grid.addEventListener('click', (e) => {
    const b = e.target.closest('[data-mask-square]');
    if (!b || b.disabled) return;
    const sq = FILES.indexOf(b.dataset.maskSquare[0]) + 8 * (Number(b.dataset.maskSquare[1]) - 1);
    mask[sq] = NEXT[mask[sq]];
    draw();
  });
  box.querySelector('#mask-from-board').addEventListener('click', () => setFromFen(hooks.boardFen()));
  box.querySelector('#mask-clear').addEventListener('click', () => { mask.fill(''); draw(); });
  match.addEventListener('change', words);
  box.querySelector('#mask-search').addEventListener('click', search);

  function setFromFen(fen) {
    const rows = fen.split(' ')[0].split('/');
    mask.fill('');
    rows.forEach((row, i) => {
      let file = 0;
      for (const c of row) {
        if (/\d/.test(c)) file += Number(c);
        else { if (c === 'P' || c === 'p') mask[(7 - i) * 8 + file] = c; ++file; }
      }
    });
    draw();
  }

  async function search() {
    const error = box.querySelector('#mask-error');
    error.textContent = '';
    const files = hooks.files();
    if (!files) { error.textContent = 'Open PGN files first (above): the search runs over them.'; return; }
    const fen = maskFen(mask);
    const named = safeStructure(fen);
    hooks.onBusy(`searching the games for the mask's pawns (${match.value})…`);
    try {
      const rows = await pawnkit.searchGames(files.blobs, { fen, match: match.value, key: files.key, name: files.name });
      hooks.onRows(rows, { fen, match: match.value, structure: named ? named.structure : '' });
    } catch (e) {
      if (e.message !== 'cancelled') error.textContent = e.message;
      hooks.onError(e.message);
    }
  }

  draw();
  return { setFromFen, search, mask: () => maskFen(mask) };
}

// The named structure of the mask's pawns as explore names it (as in a middlegame), or null.
function safeStructure(fen) {
  try {
    const r = pawnkit.maskStructure(fen);
    return r.structure ? r : null;
  } catch (e) {
    return null;
  }
}
