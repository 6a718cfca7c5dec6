// Outside truth for `pawnkit find --games --annotate`: chessops (the PGN library Lichess
// uses) reads the annotated games; at the ply of each game's pawnkit comment it must find
// the position whose keys' squares (from pawnkit analyze of chessops' own FEN of that
// position) are exactly the comment's [%csl] shapes, coloured green (White's), red
// (Black's), yellow (both). Not part of the test suite (it needs node and chessops); run
// it by hand:
//
//   cd /tmp/chessops-check && npm install chessops
//   CHESSOPS_DIR=/tmp/chessops-check node tests/scripts/annotate_chessops.mjs build/pawnkit \
//       'structure == "iqp"' holes,outposts FILE.pgn...
//
// Prints the games compared and every mismatch; exits 1 on a mismatch, 0 (with "skipped")
// when chessops cannot be loaded.
import { loadChessops, runPawnkit } from './chessops.mjs';

const [binary, where, keys, ...files] = process.argv.slice(2);
if (!binary || !where || !keys || files.length === 0) {
  console.error('usage: node annotate_chessops.mjs PAWNKIT WHERE KEYS FILE.pgn...');
  process.exit(2);
}
const chessops = await loadChessops();
const run = (args, input) => runPawnkit(binary, args, input);

// The squares of `key` for `side` in one analyze JSON line.
function squares(line, side, key) {
  const record = JSON.parse(line);
  return record[side][key];
}

let games = 0, marked = 0, mismatches = 0;
for (const file of files) {
  let written;
  try {
    written = run(['find', '--games', '--annotate', keys, '--where', where, file]);
  } catch (e) {
    written = e.stdout;
  }
  for (const game of chessops.pgn.parsePgn(written)) {
    ++games;
    const pos = chessops.pgn.startingPosition(game.headers).unwrap();
    // The pawnkit comment and the position it follows: before the moves (ply 0) or after
    // the move that reaches it.
    const before = (game.comments || []).find((c) => c.includes('pawnkit:'));
    let found = before === undefined ? undefined : { ply: 0, comment: before, fen: chessops.fen.makeFen(pos.toSetup()) };
    let ply = 0;
    for (const node of game.moves.mainline()) {
      pos.play(chessops.san.parseSan(pos, node.san));
      ++ply;
      const comment = (node.comments || []).find((c) => c.includes('pawnkit:'));
      if (comment !== undefined && !found) found = { ply, comment, fen: chessops.fen.makeFen(pos.toSetup()) };
    }
    if (!found) {
      console.log(`${file}: written game ${games}: no pawnkit comment`);
      ++mismatches;
      continue;
    }
    const parsed = chessops.pgn.parseComment(found.comment);
    const statedPly = Number(/at\s+ply\s+(\d+)/.exec(parsed.text)[1]);
    if (statedPly !== found.ply) {
      console.log(`${file}: written game ${games}: comment says ply ${statedPly}, chessops finds it at ply ${found.ply}`);
      ++mismatches;
    }
    const record = run(['analyze', '--format', 'jsonl', '-'], found.fen + '\n').trim();
    const inSets = (side) => new Set(keys.split(',').flatMap((k) => squares(record, side, k)));
    const white = inSets('white'), black = inSets('black');
    const colour = new Map();
    for (const sq of new Set([...white, ...black]))
      colour.set(sq, white.has(sq) && black.has(sq) ? 'yellow' : white.has(sq) ? 'green' : 'red');
    const expected = [...colour].map(([sq, c]) => `${c} ${sq}`).sort().join(', ');
    const got = parsed.shapes
      .filter((s) => s.from === s.to)
      .map((s) => `${s.color} ${chessops.util.makeSquare(s.from)}`)
      .sort()
      .join(', ');
    if (got !== expected) {
      console.log(`${file}: written game ${games} ply ${found.ply}: chessops reads [${got}], analyze gives [${expected}]`);
      ++mismatches;
    }
    if (parsed.shapes.length) ++marked;
  }
}
console.log(`chessops: ${files.length} files, ${games} games, ${marked} with coloured squares, ${mismatches} mismatches`);
process.exit(mismatches ? 1 : 0);
