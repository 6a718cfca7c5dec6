// Outside truth for `pawnkit find --games`: chessops (the PGN library Lichess uses) reads
// the PGN that find --games writes, and every position it reaches, ply by ply, must have
// the FEN pawnkit's analyze gives for the same written game. Not part of the test suite
// (it needs node and chessops); run it by hand:
//
//   cd /tmp/chessops-check && npm install chessops
//   CHESSOPS_DIR=/tmp/chessops-check node tests/scripts/find_games_chessops.mjs build/pawnkit FILE.pgn...
//
// Prints the games and positions compared and every mismatch; exits 1 on a mismatch, 0
// (with "skipped") when chessops cannot be loaded.
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { loadChessops, runPawnkit } from './chessops.mjs';

const [binary, ...files] = process.argv.slice(2);
if (!binary || files.length === 0) {
  console.error('usage: node find_games_chessops.mjs PAWNKIT FILE.pgn...');
  process.exit(2);
}
const chessops = await loadChessops();
const run = (args, input) => runPawnkit(binary, args, input);

// chessops FENs of every game, ply by ply. A null move "--" passes the move as chessops'
// own Position.play does for a move of nothing: en passant cleared, halfmove clock + 1,
// fullmove number + 1 after Black.
function chessopsFens(pgnText) {
  const games = [];
  for (const game of chessops.pgn.parsePgn(pgnText)) {
    const fens = [];
    const started = chessops.pgn.startingPosition(game.headers);
    if (started.isErr) { games.push({ error: String(started.error), fens }); continue; }
    const pos = started.value;
    fens.push(chessops.fen.makeFen(pos.toSetup()));
    let error;
    for (const node of game.moves.mainline()) {
      if (node.san === '--') {
        pos.epSquare = undefined;
        pos.halfmoves += 1;
        if (pos.turn === 'black') pos.fullmoves += 1;
        pos.turn = chessops.util.opposite(pos.turn);
      } else {
        const move = chessops.san.parseSan(pos, node.san);
        if (!move) { error = `unreadable move '${node.san}' at ply ${fens.length}`; break; }
        pos.play(move);
      }
      fens.push(chessops.fen.makeFen(pos.toSetup()));
    }
    games.push({ error, fens });
  }
  return games;
}

// pawnkit's FENs of every game of `pgnText`, ply by ply, streamed (analyze's JSON lines
// of a large database do not fit in one string).
async function pawnkitFens(pgnText) {
  const child = spawn(binary, ['analyze', '--input', 'pgn', '--format', 'jsonl', '-'],
                      { stdio: ['pipe', 'pipe', 'ignore'] });
  child.stdin.end(pgnText);
  const games = new Map();
  for await (const line of createInterface({ input: child.stdout, crlfDelay: Infinity })) {
    if (!line) continue;
    const game = Number(line.slice(9, line.indexOf(',')));
    const at = line.indexOf('"fen": "') + 8;
    if (!games.has(game)) games.set(game, []);
    games.get(game).push(line.slice(at, line.indexOf('"', at)));
  }
  return [...games.values()];
}

let gamesCompared = 0, positions = 0, mismatches = 0, epOnly = 0;
for (const file of files) {
  let written;
  try {
    written = run(['find', '--games', '--where', 'ply >= 0', file]);
  } catch (e) {
    written = e.stdout;  // status 1: bad games are reported and left out
  }
  const theirs = chessopsFens(written);
  const ours = await pawnkitFens(written);
  if (theirs.length !== ours.length) {
    console.log(`${file}: chessops read ${theirs.length} games, pawnkit ${ours.length}`);
    ++mismatches;
  }
  for (let g = 0; g < Math.min(theirs.length, ours.length); ++g) {
    ++gamesCompared;
    if (theirs[g].error) {
      console.log(`${file}: written game ${g + 1}: chessops: ${theirs[g].error}`);
      ++mismatches;
    }
    const n = Math.max(theirs[g].fens.length, ours[g].length);
    for (let ply = 0; ply < n; ++ply) {
      ++positions;
      const a = theirs[g].fens[ply], b = ours[g][ply];
      // chessops names an en-passant square only when the capture is legal, pawnkit when a
      // pawn attacks it (a pinned pawn may not take): counted apart, not a mismatch.
      const withoutEp = (fen) => fen && fen.split(' ').filter((_, i) => i !== 3).join(' ');
      if (a !== b && withoutEp(a) === withoutEp(b)) {
        ++epOnly;
        continue;
      }
      if (a !== b) {
        console.log(`${file}: written game ${g + 1} ply ${ply}: chessops ${theirs[g].fens[ply]} pawnkit ${ours[g][ply]}`);
        ++mismatches;
      }
    }
  }
}
console.log(`chessops: ${files.length} files, ${gamesCompared} games, ${positions} positions, ` +
            `${mismatches} mismatches, ${epOnly} differing only in the en-passant field`);
process.exit(mismatches ? 1 : 0);
