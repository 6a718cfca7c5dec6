// The editor, the board's other mode: the palette (#palette), placing and erasing pieces
// by click or keyboard, and the keyboard's moves between squares in both modes.
import { $, GLYPHS, PIECE_NAMES, state, squareName, page } from './page-state.js';
import { boardFen, fixCastling, setFen } from './position.js';

export function buildPalette() {
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
    button.setAttribute('aria-pressed', String(t === state.tool && page.analysis.mode() === 'edit'));
    button.addEventListener('click', () => { state.tool = t; page.analysis.setMode('edit'); });
    palette.appendChild(button);
  }
}

export function place(sq) {
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

export function focusSquare(sq) {
  state.focus = sq;
  for (const cell of document.querySelectorAll('#board .square')) {
    const me = Number(cell.dataset.index) === sq;
    cell.tabIndex = me ? 0 : -1;
    if (me) cell.focus();
  }
}

export function onBoardKey(event) {
  const sq = state.focus;
  let file = sq % 8, rank = Math.floor(sq / 8);
  const dir = state.flipped ? -1 : 1;
  if (event.key === 'ArrowRight') file += dir;
  else if (event.key === 'ArrowLeft') file -= dir;
  else if (event.key === 'ArrowUp') rank += dir;
  else if (event.key === 'ArrowDown') rank -= dir;
  else if (event.key === 'Enter' || event.key === ' ') {
    event.preventDefault();
    if (page.analysis.mode() === 'play') page.analysis.click(squareName(sq)); else place(sq);
    focusSquare(sq);
    return;
  } else if ((event.key === 'Delete' || event.key === 'Backspace') && page.analysis.mode() === 'edit') {
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
