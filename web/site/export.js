// Games of a structure as Lichess study chapters: PGN files of at most 64 games (a Lichess
// study holds 64 chapters), each game starting at the structure's first position: a
// [SetUp "1"] + [FEN] start, since a study chapter opens at its first position (a full game
// with a comment at the ply would open at move 1). The first comment says where the
// structure arose and carries [%csl] (key squares) and [%cal] (breaks), which Lichess draws.

export const CHAPTERS_PER_FILE = 64;
const CSL = { outpost: 'G', weak: 'R', blockade: 'Y' }; // Lichess's square colours
// Arrows: the holder's breaks green, the other side's red.

const tag = (name, value) => `[${name} "${String(value).replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"]\n`;

// One chapter. `game`: the games() record with moves and fens; `row`: {ply, holder};
// `marks`: {squares: [[sq, role]], breaks: [[from, to, side]]} for this holder.
export function chapter(game, row, structure, marks) {
  const fen = game.fens[row.ply];
  const [, side, , , , full] = fen.split(' ');
  let out = '';
  out += tag('Event', game.event || '?');
  out += tag('Date', game.date || '????.??.??');
  out += tag('White', game.white || '?');
  out += tag('Black', game.black || '?');
  out += tag('Result', game.result || '*');
  if (game.white_elo) out += tag('WhiteElo', game.white_elo);
  if (game.black_elo) out += tag('BlackElo', game.black_elo);
  if (game.timecontrol) out += tag('TimeControl', game.timecontrol);
  if (game.eco) out += tag('ECO', game.eco);
  out += tag('SetUp', '1');
  out += tag('FEN', fen);
  const holderCode = row.holder === 'white' ? 'w' : 'b';
  const csl = marks.squares.map(([sq, role]) => `${CSL[role]}${sq}`).join(',');
  const cal = marks.breaks.map(([from, to, s]) => `${s === holderCode ? 'G' : 'R'}${from}${to}`).join(',');
  const move = Math.ceil(row.ply / 2);
  const what = row.label ? `${row.label} stood` : `${structure}, held by ${row.holder}, arose`;
  out += `\n{${what} at move ${move} (ply ${row.ply}) of game ${game.game}.` +
    `${csl ? ` [%csl ${csl}]` : ''}${cal ? ` [%cal ${cal}]` : ''}}`;
  let number = Number(full), white = side === 'w';
  const moves = game.moves.slice(row.ply);
  moves.forEach((m, i) => {
    if (white) out += ` ${number}. ${m}`;
    else out += i === 0 ? ` ${number}... ${m}` : ` ${m}`;
    if (!white) ++number;
    white = !white;
  });
  return `${out} ${game.result || '*'}\n`;
}

// The files: [{name, text, chapters}], CHAPTERS_PER_FILE games each at most, in the order
// of `rows` ({game, ply, holder}); `games`: number -> the game with moves.
export function studyFiles(rows, games, structure, marksOf) {
  const files = [];
  for (let at = 0; at < rows.length; at += CHAPTERS_PER_FILE) {
    const part = rows.slice(at, at + CHAPTERS_PER_FILE);
    // A search mask's row names its own structure (that of its first position), if any.
    const text = part.map((row) => chapter(games.get(row.game), row, row.structure || structure, marksOf(row.holder, row))).join('\n');
    files.push({ name: `${structure}-${at + 1}-${at + part.length}.pgn`, text, chapters: part.length });
  }
  return files;
}
