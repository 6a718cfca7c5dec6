// The structure pages: a browsable list of the catalogue's 28 structures
// (docs/structures.md, loaded as structures.md), and a page per structure with its diagram
// (the catalogue's real position, key squares and breaks drawn), the plans and breaks in a
// coach's words (structure-notes.js), and "your games in this structure" from the files
// opened in the page.
import { NOTES } from './structure-notes.js';
import { boardSvg, mirrorFen, mirrorSquare, ROLE_COLORS, ROLE_WORDS, SIDE_COLORS } from './diagram.js';

// The fewest games a score is given for; below it the page says "too few to judge".
export const MIN_SCORED_GAMES = 10;

// [{id, title, summary, writtenFor ('white'|'black'), fen, source, holder}] in the
// catalogue's order, from the "### `id` (Title)" sections of structures.md.
export function parseCatalogue(text) {
  const out = [];
  const sections = text.split(/^### /m).slice(1);
  for (const section of sections) {
    const head = section.match(/^`([^`]+)` \(([^)]*)\)/);
    if (!head) continue;
    const summary = (section.match(new RegExp(`^${head[1]}: (.*)$`, 'm')) || [])[1] || '';
    const written = (section.match(/^written for (White|Black)/m) || [])[1] || 'White';
    const example = section.match(/^Positive, a real game: (.*?) \(held by (white|black)\): `([^`]+)`/m);
    out.push({
      id: head[1], title: head[2], summary, writtenFor: written.toLowerCase(),
      source: example ? example[1] : '', holder: example ? example[2] : written.toLowerCase(), fen: example ? example[3] : '',
    });
  }
  return out;
}

// The key squares and breaks of a structure for a game where `holder` holds it: mirrored
// when the holder is not the side the rule is written for.
export function marksFor(entry, holder) {
  const notes = NOTES[entry.id] || { squares: [], breaks: [] };
  const flip = holder !== entry.writtenFor;
  const sq = (s) => (flip ? mirrorSquare(s) : s);
  const side = (s) => (flip ? (s === 'w' ? 'b' : 'w') : s);
  return {
    squares: notes.squares.map(([s, role]) => [sq(s), role]),
    breaks: notes.breaks.map(([from, to, s]) => [sq(from), sq(to), side(s)]),
  };
}

const esc = (s) => String(s).replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' }[c]));
const sideName = (s) => (s === 'w' || s === 'white' ? 'White' : 'Black');
const san = (from, to) => `${from}-${to}`;

export function renderList(box, catalogue, counts, onPick) {
  box.innerHTML = '';
  const list = document.createElement('ol');
  for (const entry of catalogue) {
    const li = document.createElement('li');
    const button = document.createElement('button');
    button.type = 'button';
    button.dataset.structure = entry.id;
    const n = counts ? counts[entry.id] || 0 : null;
    button.innerHTML = `<strong>${esc(entry.title)}</strong> <code>${esc(entry.id)}</code>${n === null ? '' : ` <span class="count">${n} game${n === 1 ? '' : 's'}</span>`}`;
    button.addEventListener('click', () => onPick(entry.id));
    li.appendChild(button);
    list.appendChild(li);
  }
  box.appendChild(list);
}

// The page of one structure. `mine`: the rows of "your games" ({holder, result}) or null
// when no file is open.
export function renderPage(article, entry, mine, { onShowGames, onBoard, onExplore, onOpenGame } = {}) {
  const notes = NOTES[entry.id];
  const reversed = entry.holder !== entry.writtenFor;
  const fen = entry.fen ? (reversed ? mirrorFen(entry.fen) : entry.fen) : '8/8/8/8/8/8/8/8 w - - 0 1';
  const marks = marksFor(entry, entry.writtenFor);
  const holder = sideName(entry.writtenFor), other = entry.writtenFor === 'white' ? 'Black' : 'White';
  let html = `<h3 id="structure-page-title">${esc(entry.title)} <code>${esc(entry.id)}</code></h3>`;
  html += `<p class="summary">${esc(entry.summary)}. Written here for ${holder}; the same structure with colours reversed counts too.</p>`;
  html += '<div class="structure-layout"><figure class="structure-diagram">';
  html += boardSvg(fen, { squares: marks.squares, arrows: marks.breaks, size: 320, label: `${entry.title}: key squares and breaks` });
  html += `<figcaption>${esc(entry.source.replace(/, ply (\d+)$/, (m, p) => `, after move ${Math.ceil(p / 2)} (ply ${p})`))}${reversed ? ' (colours reversed, so that the diagram matches the rule)' : ''}.<br>`;
  html += Object.entries(ROLE_WORDS).filter(([role]) => marks.squares.some(([, r]) => r === role))
    .map(([role, words]) => `<span class="key-swatch" style="background:${ROLE_COLORS[role]}"></span> ${words}`).join(' · ');
  html += ` · arrows: breaks, <span style="color:${SIDE_COLORS.w}">White's</span> and <span style="color:${SIDE_COLORS.b}">Black's</span>`;
  if (entry.fen) {
    html += '<br><button type="button" id="structure-to-board">Show this position on the board, with the coach\'s marks</button>';
    html += ' <button type="button" id="structure-to-explorer" title="the explorer beside the board, matching the named structure">Explore this structure: scores, breaks, model games</button>';
  }
  html += '</figcaption></figure>';
  html += '<div class="structure-text">';
  if (notes) {
    html += `<h4>Plans</h4><p><strong>${holder}:</strong> ${esc(notes.plans[0])}</p><p><strong>${other}:</strong> ${esc(notes.plans[1])}</p>`;
    html += `<h4>Typical breaks</h4><ul class="breaks">${notes.breaks.map(([f, t, s]) => `<li>${sideName(s)}: ${s === 'b' ? '...' : ''}${san(f, t)}</li>`).join('')}</ul>`;
    html += `<p class="source">After Mauricio Flores Rios, <cite>Chess Structures: A Grandmaster Guide</cite> (2015), the catalogue's source: the chapter “${esc(entry.title)}”.</p>`;
  }
  html += '<h4>How the games went on: the explorer</h4><div id="structure-explorer"></div>';
  html += '<h4>Your games in this structure</h4><div id="your-games"></div>';
  html += '<h4>Your best-rated games in it</h4><div id="model-games"></div></div></div>';
  article.innerHTML = html;
  article.hidden = false;
  const toBoard = article.querySelector('#structure-to-board');
  if (toBoard && onBoard) toBoard.addEventListener('click', () => onBoard(entry.fen));
  const toExplorer = article.querySelector('#structure-to-explorer');
  if (toExplorer && onExplore) toExplorer.addEventListener('click', () => onExplore(entry.fen));
  renderYourGames(article, entry, mine, { onShowGames, onOpenGame });
}

// Only the "your games" part, so that the rest of the page stays as it is when the
// opened files' games arrive. `mine`: rows, 'finding' while they are looked for, or null;
// `reached`: the explorer's answers ({source, white, black}, structure-explorer.js) or null.
export function renderYourGames(article, entry, mine, { onShowGames, onOpenGame } = {}, reached = null) {
  const box = article.querySelector('#your-games');
  box.innerHTML = mine === 'finding' ? '<p class="note">finding your games…</p>' : yourGames(entry, mine, reached);
  box.dataset.done = String(mine !== 'finding');
  const show = box.querySelector('#show-games');
  if (show && onShowGames) show.addEventListener('click', () => onShowGames(entry.id));
  const models = article.querySelector('#model-games');
  models.innerHTML = mine === 'finding' ? '' : modelGames(mine);
  models.onclick = (e) => {
    const row = e.target.closest('[data-game]');
    if (row && e.target.closest('button') && onOpenGame) onOpenGame(Number(row.dataset.game), Number(row.dataset.ply));
  };
}

export const MODEL_GAMES = 10;
// The rating a model game is ranked by: the two players' mean (a rated player against an
// unrated one counts as unrated: an unknown rating says nothing of the game's level).
export const gameRating = (g) => (Number(g.white_elo) && Number(g.black_elo) ? (Number(g.white_elo) + Number(g.black_elo)) / 2 : 0);

// The opened files' games that held the structure, best-rated first (then by number), each
// opening at the position where the structure arose.
function modelGames(mine) {
  if (!mine || !mine.length) return '<p class="note">None yet: the model games are the opened files\' games that held it.</p>';
  const best = [...mine].sort((a, b) => gameRating(b) - gameRating(a) || a.game - b.game).slice(0, MODEL_GAMES);
  const year = (g) => (/^\d{4}/.test(g.date || '') ? g.date.slice(0, 4) : '');
  const which = best.length < mine.length ? `The ${best.length} best-rated of your ${mine.length}` : `All ${mine.length}, best-rated first`;
  let html = `<p class="note">${which} (by the mean of the two ratings); a click opens the game where the structure arose.</p><ol class="model-games">`;
  for (const g of best) {
    html += `<li data-game="${g.game}" data-ply="${g.ply}"><button type="button" aria-label="open game ${g.game} at move ${Math.ceil(g.ply / 2)}">` +
      `${esc(g.white || '?')} (${esc(g.white_elo || '–')}) – ${esc(g.black || '?')} (${esc(g.black_elo || '–')}) ${esc(g.result || '*')}</button>` +
      ` <small>${[year(g), g.timecontrol, `move ${Math.ceil(g.ply / 2)}`, `held by ${sideName(g.holder)}`, `game ${g.game}`].filter((x) => x).map(esc).join(', ')}</small></li>`;
  }
  return `${html}</ol>`;
}

// Honest counts: how many games, held by whom, and the holder's score only from
// MIN_SCORED_GAMES games with a result on. Two rules count "a game in this structure": here
// a game that held it 8 plies in a row (a structure passed through in one capture and
// recapture is not one a game was played in), in the explorer any visit (its index keeps
// no lengths). Both numbers are given, each with what it counts; when the explorer counts
// the same files, each holder's line gives both.
function yourGames(entry, mine, reached) {
  if (!mine) return '<p class="note">Open PGN files (under Games) to see your games in this structure.</p>';
  const same = reached && reached.source === 'files';
  const visits = (side) => (same ? reached[side].games : null);
  let html = mine.length
    ? `<p><strong data-your-games="${mine.length}">${mine.length} game${mine.length === 1 ? '' : 's'}</strong> held it for 8 plies (4 moves) in a row or more.`
    : '<p data-your-games="0">None of the opened games held it for 8 plies (4 moves) in a row.';
  if (same) {
    const all = visits('white') + visits('black');
    html += ` The explorer above counts every game that reached it, even for one move: ${all} (${visits('white')} held by White, ${visits('black')} by Black).`;
  } else if (reached) {
    html += ' (The explorer above counts the server\'s games, not these.)';
  }
  html += '</p>';
  if (!mine.length) return html;
  html += '<ul>';
  for (const side of ['white', 'black']) {
    const rows = mine.filter((g) => g.holder === side);
    const scored = rows.filter((g) => g.result === '1-0' || g.result === '0-1' || g.result === '1/2-1/2');
    const won = scored.filter((g) => g.result === (side === 'white' ? '1-0' : '0-1')).length;
    const drawn = scored.filter((g) => g.result === '1/2-1/2').length;
    const lost = scored.length - won - drawn;
    let line = `held by ${sideName(side)}: ${rows.length} game${rows.length === 1 ? '' : 's'} for 8 plies in a row or more`;
    const all = visits(side);
    if (all !== null) line += all >= rows.length ? ` (of the ${all} that reached it)` : ` (the explorer's ${all} reached it: it leaves out games that do not replay to their end and repeated games)`;
    if (scored.length) line += `, the holder +${won} =${drawn} -${lost}`;
    if (scored.length >= MIN_SCORED_GAMES) line += ` (${(100 * (won + drawn / 2) / scored.length).toFixed(0)}%)`;
    else if (scored.length) line += ` (too few to give a score: fewer than ${MIN_SCORED_GAMES} games with a result)`;
    html += `<li data-holder="${side}" data-held="${rows.length}"${all === null ? '' : ` data-reached="${all}"`}>${line}</li>`;
  }
  return `${html}</ul><button type="button" id="show-games">List these games</button>`;
}
