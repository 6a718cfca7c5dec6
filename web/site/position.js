// The position on the board: the board array and the FEN fields of the page's state, read
// from and written as FEN text; showFen draws one, setFen starts a new game there.
import * as pawnkit from './pawnkit.js';
import { $, state, showError, page } from './page-state.js';
import { render } from './board-view.js';

export function boardFromFen(fen) {
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

export function boardFen() {
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
export function fixCastling() {
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
export function showFen(text) {
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
  document.dispatchEvent(new CustomEvent('pawnkit:position', { detail: { fen: report.fen } })); // the explorer follows
  return true;
}

// A new position (typed, edited): a new game starts there; the address carries it.
export function setFen(text) {
  if (!showFen(text)) return false;
  page.analysis.reset(state.report.fen);
  return true;
}
