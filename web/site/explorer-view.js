// How the explorer's answer (`pawnkit explore --format json`, from the page's index or the
// server's) is drawn: the game count and the score bar as the Lichess explorer draws them
// (White's share white, draws grey, Black's black, the percentages inside), one row per
// move that left the pawns, and the model games. The DOM hooks the tests read: #explorer's
// data-games (and data-white, data-draws, data-black), each move row's data-uci and
// data-games (and its results), each model game's data-game, data-id and data-ply.
import * as pawnkit from './pawnkit.js';

const percent = (n, total) => (total ? (100 * n) / total : 0);

// A bar from fewer games than this is drawn faded, as the page's charts grey theirs: a
// 100% from one game must not look like a result.
export const FEW_GAMES = 10;

// The bar of a score {games, white, draws, black}: three parts, wide as their shares.
export function scoreBar(score) {
  const bar = document.createElement('span');
  bar.className = score.games < FEW_GAMES ? 'explorer-bar few' : 'explorer-bar';
  const decided = score.white + score.draws + score.black;
  bar.title = `${score.games} games: White won ${score.white}, ${score.draws} drawn, Black won ${score.black}` +
    (decided < score.games ? `; ${score.games - decided} unfinished` : '') +
    (score.games < FEW_GAMES ? ` (fewer than ${FEW_GAMES} games: too few to judge)` : '');
  for (const [part, n] of [['white', score.white], ['draws', score.draws], ['black', score.black]]) {
    const share = percent(n, score.games);
    if (!share) continue;
    const span = document.createElement('span');
    span.className = `bar-${part}`;
    span.style.width = `${share}%`;
    if (share >= 12) span.textContent = `${Math.round(share)}%`;
    bar.appendChild(span);
  }
  return bar;
}

function setScore(el, score) {
  el.dataset.games = String(score.games);
  el.dataset.white = String(score.white);
  el.dataset.draws = String(score.draws);
  el.dataset.black = String(score.black);
}

const year = (date) => (/^\d{4}/.test(date || '') ? date.slice(0, 4) : '');
const player = (name, elo) => `${name || '?'}${elo ? ` (${elo})` : ''}`;

function movesTable(answer, fen, onMove, caption) {
  const table = document.createElement('table');
  table.className = 'explorer-moves';
  table.innerHTML = `<caption>${caption || 'The moves that changed these pawns next'}</caption>` +
    '<thead><tr><th scope="col">Move</th><th scope="col">Games</th><th scope="col">White / draw / Black</th></tr></thead>';
  let legal = new Map();
  try {
    legal = new Map(pawnkit.legalMoves(fen).map((m) => [m.uci, m.san]));
  } catch (e) { /* a board no game can be played from: the moves show as UCI */ }
  const body = document.createElement('tbody');
  for (const m of answer.moves) {
    const tr = document.createElement('tr');
    tr.dataset.uci = m.uci;
    setScore(tr, m);
    const san = legal.get(m.uci);
    tr.innerHTML = '<td><button type="button" class="explorer-move"></button></td><td class="num"></td><td></td>';
    const b = tr.querySelector('button');
    b.textContent = san || m.uci;
    b.title = san ? `play ${san}` : `${m.uci}: not legal on this board, shown as an arrow`;
    if (!san) b.classList.add('not-legal');
    b.addEventListener('click', () => onMove(m.uci));
    tr.children[1].textContent = `${m.games} (${Math.round(percent(m.games, answer.games))}%)`;
    tr.children[2].appendChild(scoreBar(m));
    body.appendChild(tr);
  }
  const ended = answer.games - answer.moves.reduce((n, m) => n + m.games, 0);
  if (ended > 0) {
    const tr = document.createElement('tr');
    tr.className = 'explorer-ended';
    tr.innerHTML = '<td>game over</td><td class="num"></td><td></td>';
    tr.children[1].textContent = String(ended);
    tr.title = 'games that ended with these pawns';
    body.appendChild(tr);
  }
  table.appendChild(body);
  return table;
}

function modelGames(answer, onGame) {
  const box = document.createElement('div');
  box.className = 'explorer-models';
  const title = document.createElement('h4');
  title.textContent = 'Model games';
  box.appendChild(title);
  const list = document.createElement('ol');
  for (const g of answer.model_games) {
    const li = document.createElement('li');
    li.dataset.game = String(g.game);
    li.dataset.id = String(g.id);
    li.dataset.ply = String(g.first_ply);
    const b = document.createElement('button');
    b.type = 'button';
    b.className = 'explorer-game';
    const move = Math.max(1, Math.ceil(g.first_ply / 2));
    b.textContent = `${player(g.white, g.white_elo)} – ${player(g.black, g.black_elo)} ${g.result}`;
    const about = document.createElement('small');
    about.textContent = [year(g.date), g.event, g.time_control && `${g.time_control} (${g.speed})`,
      `from move ${move}`].filter(Boolean).join(' · ');
    b.appendChild(document.createElement('br'));
    b.appendChild(about);
    b.title = `open this game at ply ${g.first_ply}, where these pawns arose`;
    b.addEventListener('click', () => onGame(g));
    li.appendChild(b);
    list.appendChild(li);
  }
  box.appendChild(list);
  return box;
}

// Draws `answer` into `box`; the counts go on `panel` (#explorer, or a structure page's
// part). words(games): the count's words; empty: the words when no game is left; caption:
// the moves table's.
export function renderAnswer(box, panel, answer, { fen, onMove, onGame, words, empty, caption }) {
  setScore(panel, answer);
  box.textContent = '';
  const total = document.createElement('div');
  total.className = 'explorer-total';
  const count = document.createElement('strong');
  count.textContent = words ? words(answer.games) : `${answer.games} game${answer.games === 1 ? '' : 's'}`;
  total.appendChild(count);
  if (answer.structure) {
    const s = document.createElement('span');
    s.className = 'explorer-structure';
    s.textContent = ` · ${answer.structure} (${answer.structure_side})`;
    total.appendChild(s);
  }
  total.appendChild(scoreBar(answer));
  box.appendChild(total);
  if (!answer.games) {
    const p = document.createElement('p');
    p.className = 'help';
    p.textContent = empty || 'No game of the index reached these pawns with these filters.';
    box.appendChild(p);
    return;
  }
  box.appendChild(movesTable(answer, fen, onMove, caption));
  if (answer.model_games.length) box.appendChild(modelGames(answer, onGame));
}

export function clearArrow(board) {
  board.querySelector('svg.explorer-arrow')?.remove();
}

// A move that is not legal on the board, drawn as an arrow from its square to its square.
export function drawMoveArrow(board, uci) {
  clearArrow(board);
  const from = board.querySelector(`[data-square="${uci.slice(0, 2)}"]`);
  const to = board.querySelector(`[data-square="${uci.slice(2, 4)}"]`);
  if (!from || !to) return;
  const box = board.getBoundingClientRect();
  const centre = (el) => {
    const r = el.getBoundingClientRect();
    return [r.left - box.left + r.width / 2, r.top - box.top + r.height / 2, r.width];
  };
  const [x1, y1, w] = centre(from), [x2, y2] = centre(to);
  const svg = document.createElementNS('http://www.w3.org/2000/svg', 'svg');
  svg.setAttribute('class', 'explorer-arrow');
  svg.setAttribute('aria-hidden', 'true');
  svg.setAttribute('width', box.width);
  svg.setAttribute('height', box.height);
  svg.dataset.uci = uci;
  svg.innerHTML = '<defs><marker id="explorer-arrow-head" viewBox="0 0 10 10" refX="6" refY="5" markerWidth="4" ' +
    'markerHeight="4" orient="auto"><path d="M0 0L10 5L0 10z" fill="#15781b"/></marker></defs>' +
    `<line x1="${x1}" y1="${y1}" x2="${x1 + (x2 - x1) * 0.85}" y2="${y1 + (y2 - y1) * 0.85}" stroke="#15781b" ` +
    `stroke-width="${(w / 6).toFixed(1)}" stroke-opacity="0.8" marker-end="url(#explorer-arrow-head)"/>`;
  board.appendChild(svg);
}
