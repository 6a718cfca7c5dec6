// Playing moves on the board (#board): click a piece of the side to move, then one of its
// target squares (marked), or drag it there; a pawn reaching the last rank asks for the
// piece (#promotion). Only the legal moves of the position (pawnkit.legalMoves, the
// library's move generator) are played. Keyboard: Enter or Space on a focused square acts
// as a click.
import * as pawnkit from './pawnkit.js';

const GLYPHS = { q: ['♕', '♛'], r: ['♖', '♜'], b: ['♗', '♝'], n: ['♘', '♞'] };
const NAMES = { q: 'queen', r: 'rook', b: 'bishop', n: 'knight' };
const DRAG_START = 5; // pixels the pointer moves before a press becomes a drag

// hooks: {board: the #board element, onMove(move): play {uci, san, fen},
//         lastMove(): the UCI of the move that led to the shown position, or '',
//         enabled(): true in play mode (the editor places pieces instead)}
export function createPlay(hooks) {
  const { board } = hooks;
  let fen = '';
  let legal = [];      // [{uci, san, fen}] of the shown position
  let selected = null; // square name of the chosen piece
  let drag = null;     // {from, x, y, ghost}
  let suppressClick = false;
  let unplayable = ''; // why no move can be played in the position shown, or ''
  const promotion = document.getElementById('promotion');

  const cell = (name) => board.querySelector(`[data-square="${name}"]`);
  const movesFrom = (from) => legal.filter((m) => m.uci.startsWith(from));

  function mark() {
    const targets = new Set(selected ? movesFrom(selected).map((m) => m.uci.slice(2, 4)) : []);
    const last = hooks.lastMove();
    const on = hooks.enabled();
    for (const c of board.querySelectorAll('.square')) {
      const name = c.dataset.square;
      c.classList.toggle('selected', name === selected);
      c.classList.toggle('target', targets.has(name));
      c.classList.toggle('last-move', !!last && (last.slice(0, 2) === name || last.slice(2, 4) === name));
      c.classList.toggle('movable', on && legal.some((m) => m.uci.startsWith(name)));
    }
  }

  // The position shown changed (a move, a FEN, a step through the list).
  function setPosition(newFen) {
    fen = newFen;
    try {
      legal = pawnkit.legalMoves(fen);
      unplayable = '';
    } catch (e) {
      legal = []; // an edited position without a king, say: nothing to play
      unplayable = e.message;
    }
    selected = null;
    hidePromotion();
    mark();
  }

  function hidePromotion() {
    promotion.hidden = true;
    promotion.textContent = '';
  }

  function askPromotion(choices) {
    promotion.textContent = '';
    const black = fen.split(' ')[1] === 'b';
    for (const m of choices) {
      const piece = m.uci[4];
      const b = document.createElement('button');
      b.type = 'button';
      b.dataset.promotion = piece;
      b.textContent = GLYPHS[piece][black ? 1 : 0];
      b.setAttribute('aria-label', `promote to ${NAMES[piece]}`);
      b.addEventListener('click', () => { hidePromotion(); hooks.onMove(m); });
      promotion.appendChild(b);
    }
    const cancel = document.createElement('button');
    cancel.type = 'button';
    cancel.textContent = '×';
    cancel.setAttribute('aria-label', 'cancel the promotion');
    cancel.addEventListener('click', () => { hidePromotion(); selected = null; mark(); });
    promotion.appendChild(cancel);
    promotion.hidden = false;
    promotion.querySelector('button').focus();
  }

  // Plays from-to when legal (asking for the piece of a promotion); true when it was.
  function tryMove(from, to) {
    const choices = legal.filter((m) => m.uci.slice(0, 4) === from + to);
    if (!choices.length) return false;
    if (choices.length > 1) askPromotion(choices.sort((a, b) => 'qrbn'.indexOf(a.uci[4]) - 'qrbn'.indexOf(b.uci[4])));
    else hooks.onMove(choices[0]);
    return true;
  }

  function click(name) {
    if (suppressClick) { suppressClick = false; return; }
    if (selected && selected !== name && tryMove(selected, name)) return;
    selected = selected !== name && movesFrom(name).length ? name : null;
    mark();
  }

  // Dragging: the piece follows the pointer; dropped on a target square it is played.
  function onPointerDown(e) {
    const c = e.target.closest('.square');
    if (!c || e.button !== 0 || !hooks.enabled() || !movesFrom(c.dataset.square).length) return;
    drag = { from: c.dataset.square, x: e.clientX, y: e.clientY, ghost: null };
  }
  function onPointerMove(e) {
    if (!drag) return;
    if (!drag.ghost) {
      if (Math.hypot(e.clientX - drag.x, e.clientY - drag.y) < DRAG_START) return;
      const piece = cell(drag.from).querySelector('.piece');
      drag.ghost = document.createElement('span');
      drag.ghost.className = 'drag-ghost';
      drag.ghost.textContent = piece.textContent;
      drag.ghost.style.fontSize = getComputedStyle(piece).fontSize;
      document.body.appendChild(drag.ghost);
      piece.classList.add('dragged');
      selected = drag.from;
      mark();
    }
    drag.ghost.style.left = `${e.clientX}px`;
    drag.ghost.style.top = `${e.clientY}px`;
  }
  function onPointerUp(e) {
    if (!drag) return;
    const { from, ghost } = drag;
    drag = null;
    if (!ghost) return; // a press without a move: the click that follows decides
    ghost.remove();
    cell(from).querySelector('.piece').classList.remove('dragged');
    const over = document.elementFromPoint(e.clientX, e.clientY);
    const to = over && over.closest('#board .square');
    suppressClick = !!to && to.dataset.square === from; // the click on the same square
    if (!to || !tryMove(from, to.dataset.square)) { selected = null; mark(); }
  }

  board.addEventListener('pointerdown', onPointerDown);
  window.addEventListener('pointermove', onPointerMove);
  window.addEventListener('pointerup', onPointerUp);
  window.addEventListener('pointercancel', () => {
    if (drag && drag.ghost) { drag.ghost.remove(); cell(drag.from).querySelector('.piece').classList.remove('dragged'); }
    drag = null;
  });

  return { setPosition, click, mark, legalMoves: () => legal, unplayable: () => unplayable };
}
