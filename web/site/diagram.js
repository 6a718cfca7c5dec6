// A static board diagram as SVG: the pieces of a FEN, key squares tinted, breaks as arrows.
// For the structure pages (structures.js); the analysis board is board-view.js's.

const FILES = 'abcdefgh';
const GLYPHS = { K: '♔', Q: '♕', R: '♖', B: '♗', N: '♘', P: '♙', k: '♚', q: '♛', r: '♜', b: '♝', n: '♞', p: '♟' };
// Role colours, readable for the common colour-vision deficiencies (Okabe-Ito).
export const ROLE_COLORS = { outpost: '#009e73', weak: '#d55e00', blockade: '#cc79a7' };
export const ROLE_WORDS = { outpost: 'outpost (a square for a piece)', weak: 'weakness (a target)', blockade: 'blockade square' };
export const SIDE_COLORS = { w: '#0072b2', b: '#e69f00' }; // the board's White and Black

export function fenSquares(fen) {
  const board = {};
  fen.split(' ')[0].split('/').forEach((row, i) => {
    let file = 0;
    for (const c of row) {
      if (/\d/.test(c)) file += Number(c);
      else board[FILES[file++] + (8 - i)] = c;
    }
  });
  return board;
}

// The FEN with colours reversed (ranks mirrored, White's pieces Black's): a structure held
// the other way round, shown as the catalogue's rule is written.
export function mirrorFen(fen) {
  const [placement, side] = fen.split(' ');
  const rows = placement.split('/').reverse().map((r) => [...r].map((c) => (c === c.toUpperCase() ? c.toLowerCase() : c.toUpperCase())).join(''));
  return `${rows.join('/')} ${side === 'w' ? 'b' : 'w'} - - 0 1`;
}
export const mirrorSquare = (sq) => sq[0] + (9 - Number(sq[1]));

export function boardSvg(fen, { squares = [], arrows = [], size = 320, label = '' } = {}) {
  const cell = size / 8;
  const xy = (sq) => [FILES.indexOf(sq[0]) * cell, (8 - Number(sq[1])) * cell];
  const pieces = fenSquares(fen);
  let out = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${size} ${size}" width="${size}" height="${size}" role="img" aria-label="${label}">`;
  out += `<defs>${Object.entries(SIDE_COLORS).map(([s, c]) => `<marker id="head-${s}" viewBox="0 0 10 10" refX="6" refY="5" markerWidth="4" markerHeight="4" orient="auto"><path d="M0 0L10 5L0 10z" fill="${c}"/></marker>`).join('')}</defs>`;
  for (let r = 0; r < 8; ++r) for (let f = 0; f < 8; ++f)
    out += `<rect x="${f * cell}" y="${r * cell}" width="${cell}" height="${cell}" fill="${(r + f) % 2 ? '#b58863' : '#f0dab5'}"/>`;
  for (const [sq, role] of squares) {
    const [x, y] = xy(sq);
    out += `<rect data-key-square="${sq}" data-role="${role}" x="${x + 2}" y="${y + 2}" width="${cell - 4}" height="${cell - 4}" fill="${ROLE_COLORS[role]}" fill-opacity="0.45" stroke="${ROLE_COLORS[role]}" stroke-width="3"/>`;
  }
  for (const [sq, p] of Object.entries(pieces)) {
    const [x, y] = xy(sq);
    out += `<text x="${x + cell / 2}" y="${y + cell * 0.78}" font-size="${cell * 0.8}" text-anchor="middle">${GLYPHS[p]}</text>`;
  }
  for (const [from, to, side] of arrows) {
    const [x1, y1] = xy(from), [x2, y2] = xy(to);
    const dx = x2 - x1, dy = y2 - y1, len = Math.hypot(dx, dy) || 1;
    const back = cell * 0.25; // stop before the centre, so the head shows
    out += `<line data-arrow="${from}${to}" x1="${x1 + cell / 2}" y1="${y1 + cell / 2}" x2="${x2 + cell / 2 - (dx / len) * back}" y2="${y2 + cell / 2 - (dy / len) * back}" stroke="${SIDE_COLORS[side]}" stroke-width="${cell / 7}" stroke-opacity="0.9" marker-end="url(#head-${side})"/>`;
  }
  for (let f = 0; f < 8; ++f) out += `<text x="${f * cell + cell - 3}" y="${size - 3}" font-size="${cell / 5}" text-anchor="end">${FILES[f]}</text>`;
  for (let r = 0; r < 8; ++r) out += `<text x="2" y="${r * cell + cell / 4}" font-size="${cell / 5}">${8 - r}</text>`;
  return `${out}</svg>`;
}
