// Drawing the board (#board) and what stands beside it: the pieces, the coach's marks or
// the pattern spec's keys (as show --svg draws them), the legend, the islands, every key, the
// evaluation and the named structure with its catalogue entry.
import * as pawnkit from './pawnkit.js';
import * as coach from './overlays.js';
import { $, FILES, GLYPHS, PIECE_NAMES, state, squareName } from './page-state.js';

// The square-set keys of the pattern spec, in its order (everything listing squares).
function squareSetKeys(report) {
  return Object.keys(report.white).filter((k) => Array.isArray(report.white[k]) && k !== 'island_files');
}

export function buildBoard() {
  const board = $('board');
  board.textContent = '';
  for (let row = 0; row < 8; ++row) {
    const line = document.createElement('div');
    line.setAttribute('role', 'row');
    line.className = 'board-row';
    for (let col = 0; col < 8; ++col) {
      const rank = state.flipped ? row : 7 - row;
      const file = state.flipped ? 7 - col : col;
      const sq = rank * 8 + file;
      const cell = document.createElement('div');
      cell.setAttribute('role', 'gridcell');
      cell.className = `square ${(rank + file) % 2 ? 'light' : 'dark'}`;
      cell.dataset.square = squareName(sq);
      cell.dataset.index = sq;
      cell.tabIndex = sq === state.focus ? 0 : -1;
      cell.innerHTML = '<span class="overlays" aria-hidden="true"></span><span class="piece"></span>';
      if (col === 0) cell.insertAdjacentHTML('beforeend', `<span class="coord rank-coord">${rank + 1}</span>`);
      if (row === 7) cell.insertAdjacentHTML('beforeend', `<span class="coord file-coord">${FILES[file]}</span>`);
      line.appendChild(cell);
    }
    board.appendChild(line);
  }
}

// The overlays as `show --svg` draws them (its scheme comes from the module): the i-th key
// shown has the palette's i-th colour; a move key is striped (╱ White's squares, ╲ Black's),
// any other key is a ring inset one step further than the previous ring key, solid on
// White's squares and dashed on Black's. Colour, place and line all tell keys apart.
let scheme = null;
function overlayStyles(keys) {
  scheme ||= pawnkit.drawingScheme();
  let rings = 0;
  return keys.filter((k) => state.overlays.has(k)).map((key, i) => {
    const color = scheme.palette[i % scheme.palette.length];
    if (scheme.stripe_keys.includes(key)) return { key, color, stripes: true };
    const ring = rings++;
    return { key, color, ring: ring < scheme.max_rings ? ring : -1 };
  });
}

// Stripes as show --svg's: 3 px of the colour (75% opaque) every 8 px, at 45 degrees.
const stripes = (color, white) =>
  `repeating-linear-gradient(${white ? -45 : 45}deg, ${color}bf 0 3px, transparent 3px 8px)`;

function overlayHtml(styles, inWhite, inBlack) {
  let html = '';
  for (const o of styles) {
    const w = inWhite(o.key), b = inBlack(o.key);
    if (!w && !b) continue;
    if (o.stripes) {
      if (w) html += `<span class="stripes" style="background:${stripes(o.color, true)}"></span>`;
      if (b) html += `<span class="stripes" style="background:${stripes(o.color, false)}"></span>`;
    } else if (o.ring >= 0) {
      const line = w && b ? 'solid dashed' : w ? 'solid' : 'dashed';
      html += `<span class="ring" style="inset:${(1.25 + 2.8 * o.ring).toFixed(2)}px;border-color:${o.color};border-style:${line}"></span>`;
    }
  }
  return html;
}

export function render(details) {
  const report = state.report;
  const keys = squareSetKeys(report);
  const sets = {};
  for (const side of ['white', 'black'])
    for (const k of keys) sets[`${side}.${k}`] = new Set(report[side][k]);
  // The coach's view draws its marks (overlays.js), the pattern-key view the chosen keys.
  scheme ||= pawnkit.drawingScheme();
  const marks = coach.coachSets(report);
  const inCoach = state.view === 'coach';
  const styles = inCoach ? coach.coachStyles(state.marks, scheme.palette, scheme.max_rings) : overlayStyles(keys);
  for (const cell of document.querySelectorAll('#board .square')) {
    const sq = Number(cell.dataset.index);
    const name = cell.dataset.square;
    const piece = state.board[sq];
    const inKeys = Object.keys(sets).filter((k) => sets[k].has(name));
    cell.dataset.keys = inKeys.join(' ');
    cell.dataset.marks = coach.COACH_MARKS.flatMap((m) => ['white', 'black']
      .filter((side) => marks.sets[m.id][side].has(name)).map((side) => `${side}.${m.id}`)).join(' ');
    const shown = (side) => inKeys.filter((k) => k.startsWith(side + '.') && state.overlays.has(k.slice(side.length + 1)));
    const white = shown('white'), black = shown('black');
    cell.querySelector('.overlays').innerHTML =
      overlayHtml(styles, (k) => (inCoach ? marks.sets[k].white : sets[`white.${k}`]).has(name),
        (k) => (inCoach ? marks.sets[k].black : sets[`black.${k}`]).has(name));
    cell.querySelector('.piece').textContent = piece ? GLYPHS[piece] : '';
    const label = `${name}${piece ? `, ${piece === piece.toUpperCase() ? 'white' : 'black'} ${PIECE_NAMES[piece.toLowerCase()]}` : ''}` +
      (white.length || black.length ? `; ${[...white, ...black].join(', ')}` : '');
    cell.setAttribute('aria-label', label);
    cell.title = label;
  }
  renderOverlayToggles(keys);
  renderLegend(styles);
  const arrows = styles.find((o) => o.arrows);
  coach.drawArrows($('board'), arrows ? marks.breaks : null);
  renderIslands(report);
  renderKeys(report, keys);
  const structure = report.structure || '';
  $('structure').textContent = structure;
  $('structure-side').textContent = structure ? `(held by ${report.structure_side})` : '(none named)';
  $('structure-text').textContent = structure ? catalogueEntry(structure) : '';
  $('structure-entry').hidden = !structure;
  if (details) {
    $('phase').textContent = details.phase;
    renderEval(details.eval);
  }
}

function renderOverlayToggles(keys) {
  const box = $('overlay-keys');
  if (box.childElementCount === keys.length) return;
  box.textContent = '';
  for (const k of keys) {
    const label = document.createElement('label');
    const input = document.createElement('input');
    input.type = 'checkbox';
    input.value = k;
    input.checked = state.overlays.has(k);
    input.addEventListener('change', () => {
      if (input.checked) state.overlays.add(k); else state.overlays.delete(k);
      render();
    });
    label.append(input, ` ${k}`);
    box.appendChild(label);
  }
}

// One bar per island under the files it spans, White's row above Black's.
function renderIslands(report) {
  const box = $('islands');
  box.textContent = '';
  for (const side of ['white', 'black']) {
    const row = document.createElement('div');
    row.className = `island-row ${side}-islands`;
    row.setAttribute('aria-label', `${side} islands: ${report[side].island_files.join(', ') || 'none'}`);
    const caption = document.createElement('span');
    caption.className = 'island-caption';
    caption.textContent = `${side}: ${report[side].islands} island${report[side].islands === 1 ? "" : "s"}`;
    row.appendChild(caption);
    for (const range of report[side].island_files) {
      const [from, to = from] = range.split('-').map((f) => FILES.indexOf(f));
      const a = state.flipped ? 7 - to : from, b = state.flipped ? 7 - from : to;
      const bar = document.createElement('span');
      bar.className = 'island-bar';
      bar.style.left = `calc(${a} * var(--square))`;
      bar.style.width = `calc(${b - a + 1} * var(--square) - 6px)`;
      bar.textContent = range;
      row.appendChild(bar);
    }
    box.appendChild(row);
  }
}

function renderKeys(report, keys) {
  const table = $('keys');
  const all = Object.keys(report.white);
  const value = (v) => (Array.isArray(v) ? v.join(' ') || '–' : String(v));
  table.innerHTML = '<thead><tr><th scope="col">key</th><th scope="col">white</th><th scope="col">black</th></tr></thead>';
  const body = document.createElement('tbody');
  for (const k of all) {
    const tr = document.createElement('tr');
    tr.innerHTML = `<th scope="row">${k}${keys.includes(k) ? '' : ' <small>(count)</small>'}</th><td></td><td></td>`;
    tr.children[1].textContent = value(report.white[k]);
    tr.children[2].textContent = value(report.black[k]);
    body.appendChild(tr);
  }
  table.appendChild(body);
}

function renderEval(evaluation) {
  const table = $('eval');
  // In pawns, as Stockfish 15.1's eval trace prints its terms (internal units / 361); the
  // internal units in each cell's title.
  const inPawns = (s) => `${(s.mg / 361).toFixed(2)} / ${(s.eg / 361).toFixed(2)}`;
  table.innerHTML = '<caption>in pawns, middlegame / endgame</caption><thead><tr><th scope="col">term</th><th scope="col">White</th><th scope="col">on</th><th scope="col">Black</th><th scope="col">on</th></tr></thead>';
  const body = document.createElement('tbody');
  const terms = evaluation.white.terms.map((t, i) => [t, evaluation.black.terms[i]]);
  for (const [w, b] of terms) {
    if (!w.pawns.length && !b.pawns.length) continue;
    const tr = document.createElement('tr');
    tr.innerHTML = '<th scope="row"></th><td></td><td></td><td></td><td></td>';
    tr.children[0].textContent = w.name;
    tr.children[1].textContent = inPawns(w);
    tr.children[1].title = `${w.mg} / ${w.eg} internal units`;
    tr.children[2].textContent = w.pawns.join(' ');
    tr.children[3].textContent = inPawns(b);
    tr.children[3].title = `${b.mg} / ${b.eg} internal units`;
    tr.children[4].textContent = b.pawns.join(' ');
    body.appendChild(tr);
  }
  const total = document.createElement('tr');
  total.className = 'total';
  total.innerHTML = '<th scope="row">total</th><td></td><td></td><td></td><td></td>';
  total.children[1].textContent = inPawns(evaluation.white);
  total.children[3].textContent = inPawns(evaluation.black);
  body.appendChild(total);
  table.appendChild(body);
}

function renderLegend(styles) {
  const items = styles.map((o) => {
    let swatch, how;
    if (o.arrows) {
      swatch = `<span class="swatch arrow-swatch" style="color:${coach.SIDE_COLORS.white}">➚</span><span class="swatch arrow-swatch" style="color:${coach.SIDE_COLORS.black}">⇣</span>`;
      how = '(White\'s blue and solid, Black\'s orange and dashed)';
    } else if (o.stripes) {
      swatch = `<span class="swatch"><span class="stripes" style="background:${stripes(o.color, true)}"></span></span>` +
        `<span class="swatch"><span class="stripes" style="background:${stripes(o.color, false)}"></span></span>`;
      how = '(╱ White, ╲ Black)';
    } else {
      swatch = `<span class="swatch"><span class="ring" style="inset:4px;border-color:${o.color};border-style:solid"></span></span>` +
        `<span class="swatch"><span class="ring" style="inset:4px;border-color:${o.color};border-style:dashed"></span></span>`;
      how = o.ring >= 0 ? `(ring ${o.ring + 1}: solid White, dashed Black)` : '(not drawn: at most 5 rings)';
    }
    return `<span class="legend-item">${swatch} ${o.label || o.key} ${how}</span>`;
  });
  $('legend').innerHTML = items.join('') || '<span class="legend-item">no overlay chosen</span>';
}

// ---------------------------------------------------------------- structure catalogue

let catalogue = {};
export async function loadCatalogue() {
  try {
    const text = await (await fetch('structures.md')).text();
    const re = /^### `([^`]+)` \(([^)]*)\)\n+```\n([\s\S]*?)```/gm;
    for (const m of text.matchAll(re)) catalogue[m[1]] = `${m[2]}\n${m[3].replace(/^\$ .*\n/, '')}`;
  } catch (e) {
    catalogue = {};
  }
}
const catalogueEntry = (id) => catalogue[id] || id;
