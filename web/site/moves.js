// The move list beside the board (#moves): the main line with its variations in
// parentheses and its comments, as a PGN reads. One button per move, with data-ply (the
// ply from the start: 1 for White's first move), data-node (its node in the MoveTree) and
// data-uci; moves of a variation also carry data-variation. The current move is marked.
import { commentText, moveNumber, nagText } from './movetree.js';

function el(tag, className, text) {
  const e = document.createElement(tag);
  if (className) e.className = className;
  if (text !== undefined) e.textContent = text;
  return e;
}

function commentEl(text) {
  const shown = commentText(text || '');
  return shown ? el('span', 'comment', shown) : null;
}

// Appends a line's moves to `box`, starting with `first` (a node) and following first
// children; each move's siblings are its variations, drawn after it.
function appendLine(box, first, tree, inVariation) {
  let needNumber = true;
  for (let node = first; node; node = node.children[0]) {
    const before = commentEl(node.before);
    if (before) { box.appendChild(before); needNumber = true; }
    const { number, white } = moveNumber(node.parent.fen);
    if (white || needNumber) box.appendChild(el('span', 'move-number', `${number}${white ? '.' : '...'}`));
    const button = el('button', 'move', node.san + node.nags.map(nagText).join(''));
    button.type = 'button';
    button.dataset.ply = node.ply;
    button.dataset.node = node.id;
    button.dataset.uci = node.uci;
    if (inVariation) button.dataset.variation = '';
    if (node === tree.current) { button.classList.add('current'); button.setAttribute('aria-current', 'true'); }
    box.appendChild(button);
    needNumber = false;
    const comment = commentEl(node.comment);
    if (comment) { box.appendChild(comment); needNumber = true; }
    const siblings = node.parent.children;
    if (siblings[0] === node)
      for (const alternative of siblings.slice(1)) {
        const variation = el('span', 'variation');
        variation.append('(');
        appendLine(variation, alternative, tree, true);
        variation.append(')');
        box.appendChild(variation);
        needNumber = true;
      }
  }
}

// Draws the tree into `box` (position: relative, so that offsetTop counts from it); keeps
// the current move in view inside the list's own scroll, never scrolling the page.
export function renderMoves(box, tree) {
  box.textContent = '';
  const intro = commentEl(tree.root.comment);
  if (intro) box.appendChild(intro);
  if (tree.root.children[0]) appendLine(box, tree.root.children[0], tree, false);
  else box.appendChild(el('span', 'moves-empty', 'No moves yet: play one on the board, or open a game.'));
  const current = box.querySelector('.move.current');
  if (current) {
    const top = current.offsetTop, bottom = top + current.offsetHeight;
    if (top < box.scrollTop) box.scrollTop = top - 8;
    else if (bottom > box.scrollTop + box.clientHeight) box.scrollTop = bottom - box.clientHeight + 8;
  }
}
