// What the page's files share: the state of the board and the opened files, the error
// line, and the page's parts made at start-up (page.analysis, page.progress).
import { DEFAULT_MARKS } from './overlays.js';
export const $ = (id) => document.getElementById(id);
export const FILES = 'abcdefgh';
export const START = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';
export const GLYPHS = { K: '♔', Q: '♕', R: '♖', B: '♗', N: '♘', P: '♙', k: '♚', q: '♛', r: '♜', b: '♝', n: '♞', p: '♟' };
export const PIECE_NAMES = { k: 'king', q: 'queen', r: 'rook', b: 'bishop', n: 'knight', p: 'pawn' };
export const squareName = (sq) => FILES[sq % 8] + (Math.floor(sq / 8) + 1);

export const state = {
  board: new Array(64).fill(''), // index = rank * 8 + file (a1 = 0), FEN letters
  rest: 'w - - 0 1',            // the FEN fields after the board
  flipped: false,
  tool: 'P',                    // a FEN letter, or '' for the eraser
  report: null,                 // the analyze object of the board
  overlays: new Set(['isolated', 'passed', 'backward', 'holes']),
  view: 'coach',                // 'coach': the coach's marks (overlays.js); 'contract': the pattern keys
  marks: new Set(DEFAULT_MARKS),
  focus: 27,                    // the square with the keyboard focus (d4)
  files: null,                  // the opened files: {blobs, key, name}
  games: [],
  game: null,                   // the opened game on the board: pawnkit.games' {game} record
};

// The message shows beside the action (the FEN box, the file box, the query, the moves);
// #error keeps the last one for scripts and screen readers, and shows it only when the
// action has no place of its own.
const ERROR_PLACES = { fen: 'fen-error', file: 'file-error', query: 'query-error', moves: 'moves-error' };
export function showError(message, place) {
  $('error').textContent = message || '';
  $('error').classList.toggle('elsewhere', !!place);
  for (const [p, id] of Object.entries(ERROR_PLACES))
    if (p === place || message) $(id).textContent = p === place ? message || '' : '';
}

// Made by app.js at start-up: the analysis board (analysis.js: moves, play mode, the
// address), the progress bar (progress.js) and the explorer (explorer.js).
export const page = { analysis: null, progress: null, explorer: null };
