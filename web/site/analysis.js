// The analysis board: the MoveTree of the game on the board, played on the board
// (board.js), listed beside it (moves.js), stepped through with the buttons and the arrow
// keys, and carried by the page address (#fen=START&moves=e2e4,e7e5&ply=1). The editor
// (editor.js) is the other mode: choosing a piece in the palette switches to it, "Play"
// back. position.js draws the position (hooks.show); app.js gives the board.
import * as pawnkit from './pawnkit.js';
import { createPlay } from './board.js';
import { MoveTree, buildTree, fromHash, moveNumber, parseMovetext, toHash } from './movetree.js';
import { renderMoves } from './moves.js';

const $ = (id) => document.getElementById(id);

// hooks: {show(fen): draws the position, false (with its message shown) when it is bad;
//         onNode(node, tree, game): after every step (the structure timeline);
//         showError(message, place); onMode(mode)}
export function createAnalysis(hooks) {
  let tree = new MoveTree('');
  let game = 0;       // the opened file's game on the board, 0 for none
  let mode = 'play';  // or 'edit'
  let written = '';   // the address this page wrote last (a hashchange of its own is no news)
  const box = $('moves');
  const play = createPlay({
    board: $('board'),
    onMove: (move) => goTo(tree.add(tree.current, move)),
    lastMove: () => tree.current.uci,
    enabled: () => mode === 'play',
  });

  function writeHash() {
    written = toHash(tree, game);
    if (location.hash !== written) history.replaceState(null, '', written);
  }

  function refresh() {
    renderMoves(box, tree);
    play.setPosition(tree.current.fen);
    const n = tree.current;
    if (!n.parent) $('ply-label').textContent = play.unplayable() || 'start';
    else {
      const { number, white } = moveNumber(n.parent.fen);
      $('ply-label').textContent = `after ${number}${white ? '.' : '...'} ${n.san}`;
    }
    writeHash();
    hooks.onNode(n, tree, game);
  }

  function goTo(node) {
    if (!node || !hooks.show(node.fen)) return;
    tree.current = node;
    refresh();
  }

  // A new game from the position shown (a FEN typed, the editor's board).
  function reset(fen) {
    tree = new MoveTree(fen);
    game = 0;
    refresh();
  }

  // Game `g` of the opened files (pawnkit.games with {game}): its moves with the variations
  // and comments of its text, opened at `ply` of the main line. The main line must be the
  // library reader's (g.fens); when the text's cannot be read as that, the reader's moves
  // are shown without variations and the message says why. `line` (UCI moves, a link's):
  // the line to show instead of the main line, `ply` counted along it.
  function loadGame(g, ply = 0, line = null) {
    if (!g.fens.length) { // no start position (a broken FEN tag): nothing to show
      hooks.showError(g.error.trim() || `game ${g.game}: no position to show`, 'moves');
      return;
    }
    let built = g.pgn ? buildTree(g.fens[0], parseMovetext(g.pgn), pawnkit.playMove) : null;
    const main = built ? built.tree.mainline() : [];
    const same = built && main.length === g.fens.length - 1 && main.every((n, i) => n.fen === g.fens[i + 1]);
    if (!same) {
      const errors = built ? built.errors : [];
      built = { tree: new MoveTree(g.fens[0]) };
      let node = built.tree.root;
      try {
        for (let i = 1; i < g.fens.length; ++i) node = built.tree.add(node, pawnkit.playMove(node.fen, g.moves[i - 1]));
      } catch (e) { // a null move: the board shows the moves before it
        errors.unshift(e.message);
      }
      hooks.showError(g.error ? g.error.trim()
        : `game ${g.game}: its variations and comments could not be read${errors.length ? ` (${errors[0]})` : ''}; the moves are shown without them`, 'moves');
    } else if (built.errors.length) {
      hooks.showError(`game ${g.game}: a variation stops at ${built.errors[0]}`, 'moves');
    }
    tree = built.tree;
    game = g.game;
    let shown = tree.mainline();
    if (line && line.length) {
      let node = tree.root;
      try {
        for (const uci of line) node = tree.add(node, pawnkit.playMove(node.fen, uci));
      } catch (e) {
        hooks.showError(`the address's moves stop at ply ${node.ply + 1}: ${e.message}`, 'moves');
      }
      shown = tree.path(node);
    }
    goTo(ply > 0 && shown.length ? shown[Math.min(ply, shown.length) - 1] : tree.root);
  }

  const step = {
    prev: () => goTo(tree.current.parent),
    next: () => goTo(tree.current.children[0]),
    first: () => goTo(tree.root),
    last: () => { const rest = tree.continuation(); goTo(rest[rest.length - 1]); },
  };

  // The address: a start position and a line of moves; false when its FEN is bad.
  function applyHash() {
    const h = fromHash(location.hash);
    if (!h.fen || location.hash === written) return !!h.fen;
    if (!hooks.show(h.fen)) return false;
    tree = new MoveTree(pawnkit.analyze(h.fen).fen);
    game = h.game;
    let node = tree.root;
    try {
      for (const uci of h.moves) node = tree.add(node, pawnkit.playMove(node.fen, uci));
    } catch (e) {
      hooks.showError(`the address's moves stop at ply ${node.ply + 1}: ${e.message}`, 'moves');
    }
    const line = tree.path(node);
    tree.current = h.ply > 0 ? line[Math.min(h.ply, line.length) - 1] : tree.root;
    hooks.show(tree.current.fen);
    refresh();
    return true;
  }

  function setMode(m) {
    mode = m;
    $('mode-play').setAttribute('aria-pressed', String(m === 'play'));
    $('mode-edit').setAttribute('aria-pressed', String(m === 'edit'));
    $('board').classList.toggle('play', m === 'play');
    play.setPosition(tree.current.fen);
    hooks.onMode(m);
  }

  box.addEventListener('click', (e) => {
    const b = e.target.closest('button.move');
    if (b) goTo(tree.nodes.get(Number(b.dataset.node)));
  });
  for (const [id, f] of [['first', step.first], ['prev', step.prev], ['next', step.next], ['last', step.last]])
    $(id).addEventListener('click', f);
  $('mode-play').addEventListener('click', () => setMode('play'));
  $('mode-edit').addEventListener('click', () => setMode('edit'));
  // ← → Home End step through the moves, except while typing and on the board, where the
  // arrows move between squares (keyboard play and editing).
  document.addEventListener('keydown', (e) => {
    if (e.altKey || e.ctrlKey || e.metaKey || e.defaultPrevented) return;
    if (e.target.closest && e.target.closest('input, textarea, select, #board, [contenteditable]')) return;
    const f = { ArrowLeft: step.prev, ArrowRight: step.next, Home: step.first, End: step.last }[e.key];
    if (!f) return;
    e.preventDefault();
    f();
  });
  // A click on the board in play mode takes no keyboard focus, so that the arrows step
  // through the moves after it.
  $('board').addEventListener('mousedown', (e) => {
    if (mode !== 'play') return;
    e.preventDefault();
    if (document.activeElement && document.activeElement !== document.body) document.activeElement.blur();
  });
  window.addEventListener('hashchange', applyHash);

  return {
    reset, loadGame, goTo, applyHash, setMode, step,
    click: (name) => play.click(name),
    mode: () => mode,
    tree: () => tree,
  };
}
