// The analysis board's moves: a tree of positions (the main line is every node's first
// child, variations the others), read from a PGN game's movetext with its variations,
// comments and NAGs, and written to and read from the page address. No DOM here; the
// chess rules come from the caller (pawnkit.playMove: the library's move parser).

// One node per position; the root is the start, every other node the move that led to it.
function makeNode(id, parent, fen, move = null) {
  return {
    id, parent, fen, children: [],
    uci: move ? move.uci : '', san: move ? move.san : '',
    ply: parent ? parent.ply + 1 : 0,
    comment: '', before: '', nags: [],
  };
}

export class MoveTree {
  constructor(fen) {
    this.nextId = 1;
    this.root = makeNode(0, null, fen);
    this.current = this.root;
    this.nodes = new Map([[0, this.root]]);
  }

  // The child of `parent` for `move` ({uci, san, fen}): the one there, or a new one (the
  // main line when it is the first, else a variation).
  add(parent, move) {
    const there = parent.children.find((c) => c.uci === move.uci);
    if (there) return there;
    const node = makeNode(this.nextId++, parent, move.fen, move);
    parent.children.push(node);
    this.nodes.set(node.id, node);
    return node;
  }

  // The nodes from the root's child to `node`, in order.
  path(node = this.current) {
    const out = [];
    for (let n = node; n && n.parent; n = n.parent) out.push(n);
    return out.reverse();
  }

  // The main line from `node` on (first children), without `node` itself.
  continuation(node = this.current) {
    const out = [];
    for (let n = node.children[0]; n; n = n.children[0]) out.push(n);
    return out;
  }

  mainline() { return this.continuation(this.root); }
  isMainline(node) { return this.path(node).every((n) => n.parent.children[0] === n); }
}

// The move number and side of the move played from a position, from its FEN fields.
export function moveNumber(fen) {
  const f = fen.split(' ');
  return { number: Number(f[5]) || 1, white: f[1] !== 'b' };
}

const NAG_TEXT = { 1: '!', 2: '?', 3: '!!', 4: '??', 5: '!?', 6: '?!', 7: '□', 10: '=', 13: '∞',
  14: '⩲', 15: '⩱', 16: '±', 17: '∓', 18: '+−', 19: '−+', 22: '⨀', 23: '⨀', 36: '→', 40: '→', 132: '⇆' };
const SUFFIX_NAG = { '!': 1, '?': 2, '!!': 3, '??': 4, '!?': 5, '?!': 6 };
export const nagText = (nag) => NAG_TEXT[nag] || `$${nag}`;

// A comment as a coach reads it: without the [%clk ...], [%csl ...] and other commands.
export const commentText = (text) => text.replace(/\[%[^\]]*\]/g, '').replace(/\s+/g, ' ').trim();

// A move token as the library's lenient parser takes it, or '' for a token that is no
// move: move numbers ("12.", "12...", "12…") and trailing dots off, figurines and
// lower-case castling spelled out, a leading 'P' dropped; 'e.p.', 'N' (a novelty) and
// evaluation signs such as '+=' are no moves.
const FIGURINES = { '♔': 'K', '♚': 'K', '♕': 'Q', '♛': 'Q', '♖': 'R', '♜': 'R', '♗': 'B', '♝': 'B', '♘': 'N', '♞': 'N', '♙': '', '♟': '' };
function spelledAsSan(token) {
  let san = token.replace(/^\d+(\.|…)+/, '').replace(/\.+$/, '');
  if (/^[oO0]-[oO0](-[oO0])?/.test(san)) return san.replace(/[oO0]/g, 'O');
  if (/^\d+$/.test(san) || /^[NBRQK]$/.test(san)) return ''; // a move number, 'N' for a novelty
  if (/^(e\.p|ep)$/i.test(san) || !/[a-hA-Z]/.test(san.replace(/[^a-zA-Z♔-♟]/g, ''))) return san === '--' ? san : '';
  san = san.replace(/[♔-♟]/g, (f) => FIGURINES[f]).replace(/e\.p\.?$/, '');
  return san.replace(/^P(?=[a-h])/, '');
}

// The movetext of one PGN game (its tag pairs are skipped) as nested lines:
// {comment, moves: [{san, nags, comment, variations: [line, ...]}]}, a variation being the
// alternatives to the move it follows.
export function parseMovetext(text) {
  // The tag section: every line up to the movetext that starts with '[' (a broken tag pair
  // too) or is a '%' escape line.
  const body = text.replace(/^\uFEFF/, '').replace(/^((\s*\[|%)[^\n]*(\n|$)|\s*\n)+/, '');
  const top = { comment: '', moves: [] };
  const lines = [top];
  const line = () => lines[lines.length - 1];
  const note = (comment) => {
    const l = line(), last = l.moves[l.moves.length - 1];
    if (last) last.comment = last.comment ? `${last.comment} ${comment}` : comment;
    else l.comment = l.comment ? `${l.comment} ${comment}` : comment;
  };
  let i = 0;
  while (i < body.length) {
    const c = body[i];
    if (/\s/.test(c)) { ++i; continue; }
    if (c === '{') {
      const end = body.indexOf('}', i + 1);
      note(body.slice(i + 1, end < 0 ? body.length : end).trim());
      i = end < 0 ? body.length : end + 1;
    } else if (c === ';' || (c === '%' && /(^|\n)[ \t]*$/.test(body.slice(Math.max(0, i - 80), i)))) {
      const end = body.indexOf('\n', i);
      if (c === ';') note(body.slice(i + 1, end < 0 ? body.length : end).trim());
      i = end < 0 ? body.length : end;
    } else if (c === '[') {
      // A '[' in the movetext starts no tag (a `[%clk ...]` outside braces): skipped to
      // its ']' or the line's end, as the reader does.
      const end = body.slice(i + 1).search(/[\]\n]/);
      i = end < 0 ? body.length : i + 1 + end + (body[i + 1 + end] === ']' ? 1 : 0);
    } else if (c === '(') {
      const l = line(), last = l.moves[l.moves.length - 1];
      const variation = { comment: '', moves: [] };
      if (last) last.variations.push(variation);
      lines.push(variation); // a variation before any move has nothing to branch from: read, dropped
      ++i;
    } else if (c === ')' || c === '}') {
      if (c === ')' && lines.length > 1) lines.pop();
      ++i; // a stray '}' is skipped, as the reader does
    } else {
      const token = body.slice(i).match(/^[^\s{}();[]+/)[0];
      i += token.length;
      const last = line().moves[line().moves.length - 1];
      if (/^\$\d+$/.test(token)) { if (last) last.nags.push(Number(token.slice(1))); continue; }
      if (SUFFIX_NAG[token]) { if (last) last.nags.push(SUFFIX_NAG[token]); continue; }
      if (/^(1-0|0-1|1\/2-1\/2|\*)$/.test(token)) continue; // moves after it go on, as the reader's
      const san = spelledAsSan(token);
      if (!san) continue; // a move number alone, 'e.p.', '+=': no move
      const suffix = san.match(/[!?]+$/);
      line().moves.push({ san: suffix ? san.slice(0, -suffix[0].length) : san,
        nags: suffix && SUFFIX_NAG[suffix[0]] ? [SUFFIX_NAG[suffix[0]]] : [], comment: '', variations: [] });
    }
  }
  return top;
}

// A MoveTree from a start FEN and parsed movetext; play(fen, san) returns {uci, san, fen}
// or throws. A move that cannot be played ends its line; the messages say which.
export function buildTree(fen, parsed, play) {
  const tree = new MoveTree(fen);
  const errors = [];
  tree.root.comment = parsed.comment;
  const addLine = (from, line) => {
    let node = from;
    line.moves.forEach((m, i) => {
      if (!node) return;
      let child;
      try {
        child = tree.add(node, play(node.fen, m.san));
      } catch (e) {
        errors.push(`${m.san}: ${e.message}`);
        node = null;
        return;
      }
      if (i === 0 && line !== parsed) child.before = line.comment;
      child.comment = m.comment;
      child.nags = m.nags;
      for (const v of m.variations) addLine(node, v);
      node = child;
    });
  };
  addLine(tree.root, parsed);
  return { tree, errors };
}

// The page address of a line: its start, its moves (the path to the current move and the
// main line after it, in UCI) and the current ply; `game` names the opened file's game.
export function toHash(tree, game = 0) {
  const path = tree.path();
  const moves = [...path, ...tree.continuation()].map((n) => n.uci);
  let hash = `fen=${encodeURIComponent(tree.root.fen)}`;
  if (game) hash += `&game=${game}`;
  if (moves.length) hash += `&moves=${moves.join(',')}&ply=${path.length}`;
  return `#${hash}`;
}

export function fromHash(hash) {
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  const moves = (params.get('moves') || '').split(',').filter((m) => m);
  return {
    fen: params.get('fen'),
    moves,
    ply: params.has('ply') ? Number(params.get('ply')) : moves.length,
    game: Number(params.get('game')) || 0,
  };
}
