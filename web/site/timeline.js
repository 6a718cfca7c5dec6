// A game's structure timeline as `pawnkit timeline` folds it (docs/timeline.md): runs of
// one structure held by one side; a run absorbs whatever follows it up to the next run of
// the same structure and holder when fewer than `minPlies` plies lie in between; a range
// shorter than `minPlies` after absorbing is a transient and left out. So "panov 20, iqp
// 21, hanging-pawns 22-28" through one capture-recapture is not shown. The same rules as
// src/analysis/timeline.cpp; the browser test compares the two on every sample game.

export const TIMELINE_MIN_PLIES = 8; // the CLI's default, as stats and find use it

// byPly: the structure name of every ply ('' for none); holders: the holding side of every
// ply. Returns [{structure, holder, first_ply, last_ply}] in ply order.
export function foldTimeline(byPly, holders, minPlies = TIMELINE_MIN_PLIES) {
  const runs = [];
  byPly.forEach((name, ply) => {
    const id = name ? `${name} ${holders[ply]}` : '';
    const last = runs[runs.length - 1];
    if (last && last.id === id) last.last = ply;
    else runs.push({ id, name, holder: name ? holders[ply] : '', first: ply, last: ply });
  });
  const out = [];
  for (let i = 0; i < runs.length;) {
    const start = runs[i];
    let last = start.last, next = i + 1;
    for (;;) {
      let k = next;
      while (k < runs.length && runs[k].id !== start.id && runs[k].first - last - 1 < minPlies) ++k;
      if (k === runs.length || runs[k].id !== start.id || runs[k].first - last - 1 >= minPlies) break;
      last = runs[k].last;
      next = k + 1;
    }
    if (start.id && last - start.first + 1 >= minPlies)
      out.push({ structure: start.name, holder: start.holder, first_ply: start.first, last_ply: last });
    i = next;
  }
  return out;
}

// The move number of the position after `ply` half-moves (ply 19 is after White's 10th
// move, ply 20 after Black's 10th): a coach counts moves, not plies.
export const moveOf = (ply) => Math.ceil(ply / 2);

// "iqp (White) moves 10-15, carlsbad (Black) moves 21-30". `holderOf(fen)` gives the
// holding side of a position; the holders are worked out once per game.
const holdersOf = new WeakMap();
export function timelineWords(game, holderOf, minPlies = TIMELINE_MIN_PLIES) {
  let holders = holdersOf.get(game);
  if (!holders) {
    holders = game.fens.map((fen, ply) => (game.structure_by_ply[ply] ? holderOf(fen) : ''));
    holdersOf.set(game, holders);
  }
  return foldTimeline(game.structure_by_ply, holders, minPlies).map((r) => {
    const from = moveOf(r.first_ply), to = moveOf(r.last_ply);
    const side = r.holder ? ` (${r.holder[0].toUpperCase()}${r.holder.slice(1)})` : '';
    return `${r.structure}${side} ${from === to ? `move ${from}` : `moves ${from}-${to}`}`;
  }).join(', ');
}
