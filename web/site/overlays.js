// The coach's marks on the board: the pattern spec's keys (docs/patterns.md) grouped and named
// as a coach says them, with the two corrections a coach makes. The pattern keys stay as
// defined (the board's data-keys, the "All pattern keys" list); only this view differs:
//   - an isolated pawn is not also called backward (the pattern spec's backward set holds an
//     IQP's d4 when an enemy pawn guards d5; a coach calls it isolated, full stop);
//   - a hole with the side's own pawn on it is not drawn (the pattern spec counts a6/b6 in the
//     hedgehog as holes "whatever stands on the square"; a coach sees pawns there);
//   - an outpost is a square for a piece: one holding a pawn is not drawn.
// Breaks are pawn pushes after which the pushed pawn attacks an enemy pawn (it makes a
// lever): drawn as arrows from the pawn to its square.

const FILES = 'abcdefgh';
const index = (sq) => (Number(sq[1]) - 1) * 8 + FILES.indexOf(sq[0]);
const name = (i) => FILES[i % 8] + (Math.floor(i / 8) + 1);
const minus = (a, b) => a.filter((x) => !b.includes(x));

// Groups as a coach names them; `squares(side, enemy)` from the two sides' reports.
export const COACH_GROUPS = [
  { title: 'Weak pawns', marks: [
    { id: 'isolated', label: 'isolated pawns', squares: (s) => s.isolated },
    { id: 'doubled', label: 'doubled pawns', squares: (s) => [...s.doubled, ...s.tripled] },
    { id: 'backward', label: 'backward pawns', squares: (s) => minus(s.backward, s.isolated) },
  ] },
  { title: 'Passed pawns', marks: [
    { id: 'passed', label: 'passed pawns', squares: (s) => s.passed },
    { id: 'candidates', label: 'candidate passed pawns', squares: (s) => s.candidates },
  ] },
  { title: 'Outposts and holes', marks: [
    { id: 'outposts', label: 'outposts (squares for a piece, no enemy pawn can chase it)',
      squares: (s, e) => minus(minus(s.outposts, s.pawns), e.pawns) },
    { id: 'holes', label: 'holes (squares in the camp the own pawns can no longer guard)',
      squares: (s) => minus(s.holes, s.pawns) },
  ] },
  { title: 'Breaks and levers', marks: [
    { id: 'breaks', label: 'pawn breaks (arrows)', arrows: true, squares: () => [] },
    { id: 'levers', label: 'pawns in tension (levers)', squares: (s) => s.levers },
    { id: 'chain_bases', label: 'bases of pawn chains', squares: (s) => s.chain_bases },
  ] },
];
export const COACH_MARKS = COACH_GROUPS.flatMap((g) => g.marks);
export const DEFAULT_MARKS = ['isolated', 'doubled', 'backward', 'passed', 'outposts', 'breaks'];

// The breaks of one side: [{from, to}] for each push (one or two squares) whose target
// square lets the pawn attack an enemy pawn.
export function pawnBreaks(report, side) {
  const own = report[side], enemy = report[side === 'white' ? 'black' : 'white'];
  const enemyPawns = new Set(enemy.pawns.map(index));
  const up = side === 'white' ? 8 : -8;
  const out = [];
  const tryPush = (to, steps) => {
    const t = index(to), file = t % 8;
    const hits = [file > 0 ? t + up - 1 : -1, file < 7 ? t + up + 1 : -1].filter((x) => enemyPawns.has(x));
    if (hits.length) out.push({ from: name(t - steps * up), to, hits: hits.map(name) });
  };
  for (const to of own.single_pushes) tryPush(to, 1);
  for (const to of own.double_pushes) tryPush(to, 2);
  return out;
}

// {id: {white: Set, black: Set}} for every coach mark, and the breaks of both sides.
export function coachSets(report) {
  const sets = {};
  for (const m of COACH_MARKS) {
    sets[m.id] = {
      white: new Set(m.squares(report.white, report.black)),
      black: new Set(m.squares(report.black, report.white)),
    };
  }
  const breaks = { white: pawnBreaks(report, 'white'), black: pawnBreaks(report, 'black') };
  for (const side of ['white', 'black']) for (const b of breaks[side]) sets.breaks[side].add(b.from);
  return { sets, breaks };
}

// The drawing styles of the chosen marks: the palette's colours in order, each a ring one
// step further in (as board-view.js draws pattern keys); breaks are arrows, not rings.
export function coachStyles(chosen, palette, maxRings) {
  let rings = 0;
  return COACH_MARKS.filter((m) => chosen.has(m.id)).map((m, i) => {
    const color = palette[i % palette.length];
    if (m.arrows) return { key: m.id, label: m.label, color, arrows: true };
    const ring = rings++;
    return { key: m.id, label: m.label, color, ring: ring < maxRings ? ring : -1 };
  });
}

// Arrows for the breaks over #board, placed from the squares' own boxes (so they follow
// a flipped or resized board). In the side's colour (the board's: White blue, Black
// orange), solid for White's breaks and dashed for Black's.
export const SIDE_COLORS = { white: '#0072b2', black: '#e69f00' };
export function drawArrows(board, breaks) {
  board.querySelector('svg.arrows')?.remove();
  if (!breaks) return;
  const box = board.getBoundingClientRect();
  const centre = (sq) => {
    const r = board.querySelector(`[data-square="${sq}"]`).getBoundingClientRect();
    return [r.left - box.left + r.width / 2, r.top - box.top + r.height / 2, r.width];
  };
  const svg = document.createElementNS('http://www.w3.org/2000/svg', 'svg');
  svg.setAttribute('class', 'arrows');
  svg.setAttribute('aria-hidden', 'true');
  svg.setAttribute('width', box.width);
  svg.setAttribute('height', box.height);
  let html = `<defs>${Object.entries(SIDE_COLORS).map(([side, color]) => `<marker id="arrow-head-${side}" viewBox="0 0 10 10" refX="6" refY="5" ` +
    `markerWidth="4" markerHeight="4" orient="auto"><path d="M0 0L10 5L0 10z" fill="${color}"/></marker>`).join('')}</defs>`;
  for (const side of ['white', 'black']) {
    for (const b of breaks[side]) {
      const [x1, y1, w] = centre(b.from), [x2, y2] = centre(b.to);
      const dy = y2 > y1 ? -w * 0.2 : w * 0.2; // stop short of the centre: the head shows
      html += `<line data-break="${b.from}${b.to}" x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2 + dy}" stroke="${SIDE_COLORS[side]}" ` +
        `stroke-width="${(w / 7).toFixed(1)}" stroke-opacity="0.85" ${side === 'black' ? `stroke-dasharray="${w / 6} ${w / 10}"` : ''} marker-end="url(#arrow-head-${side})"/>`;
    }
  }
  svg.innerHTML = html;
  board.appendChild(svg);
}

// The check boxes of the coach's marks, by group; `onChange` after every click.
export function buildCoachToggles(box, chosen, onChange) {
  box.textContent = '';
  for (const group of COACH_GROUPS) {
    const set = document.createElement('fieldset');
    set.className = 'mark-group';
    set.innerHTML = `<legend>${group.title}</legend>`;
    for (const m of group.marks) {
      const label = document.createElement('label');
      const input = document.createElement('input');
      input.type = 'checkbox';
      input.value = m.id;
      input.checked = chosen.has(m.id);
      input.addEventListener('change', () => {
        if (input.checked) chosen.add(m.id); else chosen.delete(m.id);
        onChange();
      });
      label.append(input, ` ${m.label}`);
      set.appendChild(label);
    }
    box.appendChild(set);
  }
}
