// Plans and typical breaks of the 28 named structures (docs/structures.md), in a coach's
// words, written for this page from the catalogue's source, Mauricio Flores Rios, *Chess
// Structures: A Grandmaster Guide* (Quality Chess, 2015): each note follows the book's
// chapter the catalogue names for the structure (its "Flores Rios" column, the page's
// title), and the standard opening literature it cites. Checked against the catalogue's
// rules on 27 Nov 2026: no outpost is a square that pawns of both sides attack in the
// catalogue's own position (web/test/search_test.mjs checks it; the hedgehog's d5 and b5,
// the Scheveningen's d5 and the Lopez formation's e5 were such squares and are gone). Squares are on the board as the catalogue's
// rule is written (White's pawns below): for a game where the structure is held the other
// way round, structures.js mirrors them.
//
// plans: [the side the rule is written for, the other side]; breaks: [from, to, side that
// plays it ('w' or 'b')]; squares: [square, role] with role 'outpost' (a square for a
// piece), 'weak' (a pawn or square to attack), 'blockade' (the square in front of a pawn
// to stop it).

export const NOTES = {
  'iqp': {
    plans: ['White uses the space and open lines the isolani gives: pieces on c5/e5 (the knight on e5 above all), a kingside attack with a rook lift, and the break d4-d5 to open the position while the pieces are active.',
      'Black blockades on d5 (a knight is the ideal blockader), trades pieces, above all the attackers, and puts pressure on d4 (...Nc6, ...Rd8, ...Bf6); every exchange brings closer the ending where the isolani is only a weakness.'],
    breaks: [['d4', 'd5', 'w']],
    squares: [['d5', 'blockade'], ['e5', 'outpost'], ['c5', 'outpost'], ['d4', 'weak']],
  },
  'hanging-pawns': {
    plans: ['White keeps the pawns side by side, where they control b5, c5, d5 and e5, and uses the space behind them for an attack; advancing one (d4-d5 or c4-c5) is right only when it wins something concrete, since it gives up a square for good.',
      'Black piles up on the pawns (rooks on c8 and d8, a bishop on the long diagonal) and hits them with ...b6-b5 or ...e6-e5 to make one advance; then the square behind it (c5 or d5) becomes a blockade square, and the remaining pawn a target.'],
    breaks: [['d4', 'd5', 'w'], ['c4', 'c5', 'w'], ['b6', 'b5', 'b'], ['e6', 'e5', 'b']],
    squares: [['c5', 'blockade'], ['d5', 'blockade'], ['c4', 'weak'], ['d4', 'weak']],
  },
  'carlsbad': {
    plans: ['White plays the minority attack b2-b4-b5: after bxc6 Black is left with a weak c6 pawn (or, after ...cxb5, an isolated d5), a target on the half-open c-file; the other plan is f2-f3 and e3-e4 in the centre.',
      'Black looks to the kingside: a knight on e4 (the outpost the e-file gives), ...f7-f5 to keep it there and attack, ...Rf6-h6; against the minority attack ...a6/...b5 or meeting b5 with ...c5.'],
    breaks: [['b4', 'b5', 'w'], ['e3', 'e4', 'w'], ['f7', 'f5', 'b'], ['c6', 'c5', 'b']],
    squares: [['e4', 'outpost'], ['c6', 'weak'], ['c5', 'outpost']],
  },
  'slav': {
    plans: ['Black has a solid, compact position without a d-pawn: the breaks ...c6-c5 and ...e6-e5 free the game and challenge d4; pieces go to d5 and b4.',
      'White has the freer centre: e3-e4 (then e4-e5 gains space and a kingside attack) or d4-d5 opens lines while Black is still developing.'],
    breaks: [['c6', 'c5', 'b'], ['e6', 'e5', 'b'], ['e3', 'e4', 'w'], ['d4', 'd5', 'w']],
    squares: [['d5', 'outpost'], ['e4', 'outpost']],
  },
  'caro-kann': {
    plans: ['Black is solid and aims at the breaks ...c6-c5 (the main one) and ...e6-e5 to challenge d4; the pieces use d5.',
      'White has more space: a knight on e5, a kingside attack, and the breaks d4-d5 and c3-c4 (then d4-d5) to open the centre before Black has freed his game.'],
    breaks: [['c6', 'c5', 'b'], ['e6', 'e5', 'b'], ['d4', 'd5', 'w']],
    squares: [['e5', 'outpost'], ['d5', 'outpost']],
  },
  'maroczy-bind': {
    plans: ['White has a bind on d5: he keeps ...b7-b5 and ...d6-d5 under control, brings a knight to d5 when it gains something, and slowly gains space (b4, c5 or f4-f5).',
      'Black plays on the dark squares (a bishop on g7, a knight to c5, ...a5 to keep it there) and waits for the breaks ...b7-b5 and ...f7-f5 (sometimes ...d6-d5) to free the position.'],
    breaks: [['b7', 'b5', 'b'], ['f7', 'f5', 'b'], ['d6', 'd5', 'b'], ['c4', 'c5', 'w']],
    squares: [['d5', 'outpost'], ['c5', 'outpost'], ['d6', 'weak']],
  },
  'hedgehog': {
    plans: ['Black sits compact on the sixth rank and waits; the breaks ...b6-b5 and ...d6-d5, played when White is over-extended, open the game with the pieces ready behind them.',
      'White has space: he keeps both breaks under control (pieces on d4, pressure on d6, a4 against ...b5) and prepares his own play (e4-e5, g4-g5 or f4-f5) without allowing a freeing break.'],
    breaks: [['b6', 'b5', 'b'], ['d6', 'd5', 'b'], ['e4', 'e5', 'w']],
    squares: [['d6', 'weak'], ['d4', 'outpost']],
  },
  'scheveningen': {
    plans: ['Black has a small centre (d6, e6) behind which he plays on the queenside (the half-open c-file, ...b7-b5-b4) and waits for ...d6-d5 or ...e6-e5 in the centre.',
      'White attacks on the kingside: f2-f4, g2-g4-g5 and the break e4-e5 (or f4-f5 against e6) before Black\'s queenside play arrives.'],
    breaks: [['d6', 'd5', 'b'], ['e6', 'e5', 'b'], ['e4', 'e5', 'w'], ['f4', 'f5', 'w'], ['g4', 'g5', 'w']],
    squares: [['d6', 'weak'], ['d4', 'outpost']],
  },
  'dragon': {
    plans: ['Black\'s bishop on g7 rakes the long diagonal: pressure on the c-file (the exchange sacrifice on c3 is typical), ...b7-b5 against White\'s king and ...d6-d5 when the centre allows.',
      'White goes for mate (the Yugoslav attack: h2-h4-h5 to open the h-file, Bh6 to trade the dragon bishop) or plays on the d5 outpost in the slower lines.'],
    breaks: [['h4', 'h5', 'w'], ['d6', 'd5', 'b'], ['b7', 'b5', 'b']],
    squares: [['d5', 'outpost'], ['d6', 'weak']],
  },
  'boleslavsky-hole': {
    plans: ['Black accepts a hole on d5 for control of d4 and f4: he covers d5 with pieces (keep the light-squared bishop, trade White\'s knights that reach it) and frees the game with ...d6-d5 or ...f7-f5.',
      'White occupies d5 with a knight (a piece Black cannot drive away), trades the pieces that guard d5 and puts pressure on the backward d6 pawn along the d-file.'],
    breaks: [['d6', 'd5', 'b'], ['f7', 'f5', 'b'], ['f2', 'f4', 'w']],
    squares: [['d5', 'outpost'], ['d6', 'weak'], ['d4', 'outpost']],
  },
  'stonewall': {
    plans: ['Black has a knight outpost on e4 and space on the kingside: ...Ne4, then an attack with ...Rf6-h6, ...g7-g5 or ...Qe8-h5; the pawns on light squares make his own dark-squared bishop the problem piece.',
      'White takes the e5 hole (a knight there, after trading the dark-squared bishops with Ba3 or Bf4), and opens the centre with c4xd5 and e2-e4 (after f2-f3) before the kingside attack comes.'],
    breaks: [['e3', 'e4', 'w'], ['g7', 'g5', 'b'], ['c6', 'c5', 'b']],
    squares: [['e4', 'outpost'], ['e5', 'outpost'], ['e6', 'weak']],
  },
  'benoni': {
    plans: ['Black has the queenside majority and the long diagonal: ...a6 and ...b7-b5, pressure on the e-file, a knight on e5, and ...f7-f5 against e4 in some lines.',
      'White has the central majority: e4-e5 (prepared by f2-f4) to break through, a knight on c4 against the backward d6 pawn, and a4 to stop ...b5.'],
    breaks: [['e4', 'e5', 'w'], ['f4', 'f5', 'w'], ['b7', 'b5', 'b'], ['f7', 'f5', 'b']],
    squares: [['d6', 'weak'], ['c4', 'outpost'], ['e5', 'outpost']],
  },
  'french-advance': {
    plans: ['White has space and plays on the kingside, where the chain points: keep d4 (c3, Nf3), f2-f4-f5 to break against e6, pieces aimed at the king.',
      'Black attacks the chain at its base: ...c7-c5 against d4 (with ...Qb6 and ...Nc6) and ...f7-f6 against e5; after exchanges on d4 the c-file and the f-file open for him.'],
    breaks: [['c7', 'c5', 'b'], ['f7', 'f6', 'b'], ['f4', 'f5', 'w']],
    squares: [['d4', 'weak'], ['e6', 'weak']],
  },
  'kings-indian': {
    plans: ['Black plays on the kingside, where his chain points: ...f7-f5, ...f5-f4 and ...g7-g5-g4 for a direct attack on White\'s king.',
      'White plays on the queenside, where his chain points: c4-c5 to break against d6 (prepared by b4 and Nd2-c4), then invasion on the c-file; speed decides.'],
    breaks: [['f7', 'f5', 'b'], ['g5', 'g4', 'b'], ['c4', 'c5', 'w'], ['c7', 'c6', 'b']],
    squares: [['d6', 'weak'], ['c7', 'weak']],
  },
  'panov': {
    plans: ['White keeps the tension or gains queenside space with c4-c5 (a majority to advance); exchanging on d5 usually leaves him an isolani to play with.',
      'Black exchanges ...dxc4 (White gets an isolani on d4: play as against an IQP, blockade on d5) or keeps the tension with pieces on the d-file.'],
    breaks: [['c4', 'c5', 'w'], ['c4', 'd5', 'w'], ['d5', 'c4', 'b']],
    squares: [['d5', 'blockade'], ['c5', 'outpost']],
  },
  'grunfeld-center': {
    plans: ['White has the classical centre d4-e4: d4-d5 to gain space (a protected passed pawn in some lines), or an attack on the kingside with f2-f4-f5.',
      'Black puts pressure on d4 with pieces (the bishop on g7, ...Nc6, ...Qb6, ...Rd8) and plays for the endgame, where his queenside majority gives an outside passed pawn.'],
    breaks: [['d4', 'd5', 'w'], ['e4', 'e5', 'w'], ['f4', 'f5', 'w']],
    squares: [['d4', 'weak'], ['d5', 'blockade']],
  },
  'najdorf-ii': {
    plans: ['Black has the e5 square for a knight (no White f- or d-pawn can chase it) and the half-open e-file against e4; ...d6-d5 frees his game.',
      'White has open lines on the f-file for an attack; e4-e5 breaks open the position before Black settles on e5.'],
    breaks: [['e4', 'e5', 'w'], ['d6', 'd5', 'b']],
    squares: [['e5', 'outpost'], ['e4', 'weak'], ['d6', 'weak']],
  },
  'symmetric-benoni': {
    plans: ['White plays on the queenside with b2-b4 against c5 (or a knight to b5 via a3) and uses e4 for his pieces; he may also break with f2-f4.',
      'Black has the matching plan: ...b7-b5 against c4, a knight on e5, and ...f7-f5 to take e4 from White\'s pieces (there are no e-pawns to break against).'],
    breaks: [['b2', 'b4', 'w'], ['f2', 'f4', 'w'], ['b7', 'b5', 'b'], ['f7', 'f5', 'b']],
    squares: [['e4', 'outpost'], ['e5', 'outpost']],
  },
  'kid-ii': {
    plans: ['The centre is locked by both chains: Black plays ...f7-f5 on the kingside (and sometimes ...b7-b5 on the other wing).',
      'White breaks on the queenside with b2-b4 against c5 (after a3, Rb1) or takes play on the kingside with f2-f4; the side whose break comes first gets the initiative.'],
    breaks: [['f7', 'f5', 'b'], ['b7', 'b5', 'b'], ['b2', 'b4', 'w'], ['f2', 'f4', 'w']],
    squares: [],
  },
  'kid-iii': {
    plans: ['Black attacks on the kingside as in the classical King\'s Indian: ...f7-f5, ...f5-f4 and ...g7-g5.',
      'White has the open c-file: rooks and a knight (Nb5) aim at c7, the entry square; f2-f3 and g2-g4 slow the kingside attack.'],
    breaks: [['f7', 'f5', 'b'], ['g7', 'g5', 'b'], ['f2', 'f4', 'w']],
    squares: [['c7', 'weak']],
  },
  'open-kid': {
    plans: ['Black has given up the centre for piece play: the bishop on g7 and the half-open e-file against e4, ...c6 and ...d6-d5 (or ...b7-b5) to free the game.',
      'White has space and the d-file against the backward d6 pawn; a knight on d4 (or d5) and the break e4-e5 (with f2-f4) keep Black cramped.'],
    breaks: [['d6', 'd5', 'b'], ['b7', 'b5', 'b'], ['e4', 'e5', 'w'], ['f2', 'f4', 'w']],
    squares: [['d6', 'weak'], ['d5', 'outpost'], ['d4', 'outpost'], ['e4', 'weak']],
  },
  'kid-complex': {
    plans: ['Black keeps the tension or resolves it with ...exd4 (the open King\'s Indian, play against e4) when White closes too late.',
      'White chooses the centre: d4-d5 closes it (the classical King\'s Indian, play on the queenside), dxe5 opens the d-file; keeping the tension keeps both options.'],
    breaks: [['d4', 'd5', 'w'], ['d4', 'e5', 'w'], ['e5', 'd4', 'b']],
    squares: [['d5', 'outpost'], ['d4', 'weak']],
  },
  'french-ii': {
    plans: ['White has the e5 square (after e5xf6): a knight there, and pressure on the backward e6 pawn on the half-open e-file.',
      'Black has the half-open f-file and more central pawns: ...e6-e5 (the freeing break, after ...Bd6 or ...Qc7) and ...c7-c5 against d4.'],
    breaks: [['e6', 'e5', 'b'], ['c7', 'c5', 'b'], ['c2', 'c4', 'w']],
    squares: [['e5', 'outpost'], ['e6', 'weak']],
  },
  'french-iii': {
    plans: ['White keeps the e5 pawn, which cramps Black\'s kingside, and uses d4 for a piece (a knight there is strong); f2-f4 supports e5 and prepares f4-f5.',
      'Black has the half-open c-file for his rooks and attacks e5 with ...f7-f6, opening the f-file; the pieces go to c6 and b6 against d4.'],
    breaks: [['f7', 'f6', 'b'], ['f4', 'f5', 'w']],
    squares: [['d4', 'outpost'], ['e5', 'weak'], ['e6', 'weak']],
  },
  'three-three-vs-four-two': {
    plans: ['Black has the kingside majority (four against three): ...f7-f5 and ...e5-e4 gain space and lead to an attack; in the middlegame the majority near the kings counts.',
      'White has the queenside majority (three against two): advance it (b4, c4-c5) to make an outside passed pawn; in the endgame it is the better majority.'],
    breaks: [['f7', 'f5', 'b'], ['e5', 'e4', 'b'], ['b2', 'b4', 'w'], ['c4', 'c5', 'w']],
    squares: [['e4', 'outpost'], ['c5', 'outpost']],
  },
  'benko': {
    plans: ['Black has given a pawn for the open a- and b-files: rooks on a8 and b8, the queen on a6 or b6 and the bishop on g7 press on a2 and b2, and the endgame can hold even a pawn down.',
      'White consolidates the extra pawn (Nd2-c4, Ra1-b1), then uses his passed a-pawn and the central break e4-e5.'],
    breaks: [['e4', 'e5', 'w'], ['e7', 'e6', 'b'], ['f7', 'f5', 'b']],
    squares: [['a2', 'weak'], ['b2', 'weak'], ['c4', 'outpost']],
  },
  'closed-ruy-lopez': {
    plans: ['White keeps the strong point e4 and manoeuvres (Nbd2-f1-g3, a knight on f5); a2-a4 against b5 opens the a-file, d4-d5 closes the centre for play on the flanks.',
      'Black holds e5 and plays ...c7-c5 for queenside space, ...exd4 to hit e4, or ...f7-f5 when the centre is closed; ...d6-d5 is the freeing break.'],
    breaks: [['a2', 'a4', 'w'], ['d4', 'd5', 'w'], ['c7', 'c5', 'b'], ['f7', 'f5', 'b'], ['d6', 'd5', 'b']],
    squares: [['f5', 'outpost'], ['e4', 'weak'], ['b5', 'weak']],
  },
  'lopez-formation': {
    plans: ['White has the classical centre d4-e4 after ...exd4 and cxd4: space, e4-e5 or d4-d5 at the right moment, and an attack behind the centre.',
      'Black has the half-open e-file against e4 and the lever ...c7-c5 (or ...c6-c5) against d4; ...d6-d5 is his central break.'],
    breaks: [['e4', 'e5', 'w'], ['d4', 'd5', 'w'], ['c7', 'c5', 'b'], ['d6', 'd5', 'b']],
    squares: [['e4', 'weak'], ['d4', 'weak']],
  },
};
