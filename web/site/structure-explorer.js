// A structure page's explorer statistics (docs/coach-page.md, "Structure pages"): what `pawnkit
// explore --match structure` answers for the structure, once held by White and once held
// by Black (the index keys a named structure with its holder), from the explorer's source
// (page.explorer: the opened files' index in this page, or the server's): the games that
// reached it, their score bar, the moves that changed it next with their scores, and the
// model games, which open at the ply where the structure arose. The same drawing as the
// explorer beside the board (explorer-view.js).
import { renderAnswer } from './explorer-view.js';
import { mirrorFen } from './diagram.js';
import { page } from './page-state.js';

// The model games asked for, as the explorer beside the board asks.
export const STRUCTURE_MODEL_GAMES = 5;

// The position asked about for each holder: the catalogue's real position (held by
// entry.holder) and its colours reversed (held by the other side).
export function holderFens(entry) {
  const other = entry.holder === 'white' ? 'black' : 'white';
  return { [entry.holder]: entry.fen, [other]: mirrorFen(entry.fen) };
}

const SOURCE_WORDS = {
  files: 'the opened files (indexed in this page)',
  served: 'the server\'s index',
};

// Asks page.explorer and draws both holders into `box` (#structure-explorer); `hooks`:
// {onMove(uci, fen): a move row clicked, fen the position asked about}. Resolves to
// {source, white, black} (the answers), or null when there is no source or it failed.
export async function renderStructureExplorer(box, entry, hooks) {
  const explorer = page.explorer;
  const source = explorer ? explorer.source() : 'none';
  box.dataset.source = source;
  if (!entry.fen || source === 'none') {
    box.dataset.state = 'none';
    box.innerHTML = document.getElementById('explorer').dataset.source === 'indexing'
      ? '<p class="note">The explorer is indexing the opened files…</p>'
      : '<p class="note">Open PGN files (under Games) to see how the games in this structure went on: the explorer indexes them here, in this page.</p>';
    return null;
  }
  box.dataset.state = 'asking';
  box.innerHTML = `<p class="note">asking the explorer (${SOURCE_WORDS[source]})…</p>`;
  const fens = holderFens(entry);
  const options = (fen) => ({ fen, match: 'structure', minElo: 0, speeds: [], since: '', until: '', games: STRUCTURE_MODEL_GAMES });
  let answers;
  try {
    answers = await Promise.all(['white', 'black'].map((side) => explorer.ask(options(fens[side]))));
  } catch (e) {
    box.dataset.state = 'error';
    box.innerHTML = '<p class="local-error" role="alert"></p>';
    box.firstChild.textContent = e.message || String(e);
    return null;
  }
  if (box.dataset.source !== source || explorer.source() !== source) return null; // changed meanwhile
  box.innerHTML = `<p class="note">Every game of ${SOURCE_WORDS[source]} that reached it, for one move or more ` +
    '(as <code>pawnkit explore --match structure</code> counts), by the side holding it; a move changes the board to this ' +
    'structure\'s position and plays it there, a model game opens where the structure arose.</p>';
  ['white', 'black'].forEach((side, i) => {
    const part = document.createElement('section');
    part.className = 'structure-side';
    part.dataset.holder = side;
    const title = document.createElement('h5');
    title.textContent = `Held by ${side === 'white' ? 'White' : 'Black'}`;
    const answerBox = document.createElement('div');
    part.append(title, answerBox);
    box.appendChild(part);
    renderAnswer(answerBox, part, answers[i], {
      fen: fens[side],
      onMove: (uci) => hooks.onMove(uci, fens[side]),
      onGame: (g) => explorer.openModel(g),
      words: (n) => `${n} game${n === 1 ? '' : 's'} reached it`,
      empty: 'No game reached it, held by this side.',
      caption: 'The moves that changed the structure next',
    });
  });
  box.dataset.state = 'done';
  return { source, white: answers[0], black: answers[1] };
}
