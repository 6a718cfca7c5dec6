// Charts a coach can trust, drawn from the stats JSON (`pawnkit stats --format json`):
// every bar carries its game count; a row from fewer than MIN_CHART_GAMES games draws no
// bar (a 100% from one game must not look like a result), it is greyed and says so; a chart with nothing to draw says why; White and Black have the board's
// colours (style.css: --white, --black). `stats --svg`'s own charts stay under "The charts
// of pawnkit stats --svg".

export const MIN_CHART_GAMES = 10; // fewer games: the bar is greyed, "too few to judge"
const WHITE = '#0072b2', BLACK = '#e69f00';
const esc = (s) => String(s).replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' }[c]));

// A horizontal bar chart: rows [{label, value (0-100), games, color, note}].
function barChart(id, title, rows, { unit = '%', empty }) {
  let html = `<figure class="coach-chart" id="${id}"><figcaption>${esc(title)}</figcaption>`;
  if (!rows.length) return `${html}<p class="empty-chart">${esc(empty)}</p></figure>`;
  const width = 320;
  html += '<table class="bars"><tbody>';
  for (const r of rows) {
    const few = r.games < MIN_CHART_GAMES;
    const bar = few ? `<span class="no-bar">no bar: too few games</span>`
      : `<svg width="${width}" height="16" aria-hidden="true"><rect width="${width}" height="16" fill="#eee"/>` +
        `<rect width="${(width * Math.max(0, Math.min(100, r.value)) / 100).toFixed(1)}" height="16" fill="${r.color}"/></svg>`;
    html += `<tr data-bar="${esc(r.label)}" data-games="${r.games}"${few ? ' class="few"' : ''}><th scope="row">${esc(r.label)}</th>` +
      `<td>${bar}</td><td class="value">${few ? (r.detail || '') : `${r.value.toFixed(0)}${unit}`}</td>` +
      `<td class="games">${r.games} game${r.games === 1 ? '' : 's'}${few ? ', too few to judge' : ''}${r.note ? `, ${esc(r.note)}` : ''}</td></tr>`;
  }
  html += '</tbody></table>';
  return `${html}</figure>`;
}

const score = (s) => s.wins + s.draws + s.losses;

export function renderCharts(box, stats) {
  let html = `<p class="chart-note">Each bar gives its number of games; a row from fewer than ${MIN_CHART_GAMES} games is grey and draws no bar ("too few to judge"). <span class="side-key white-key">White</span> and <span class="side-key black-key">Black</span> as on the board.</p>`;
  // The holder's score in each named structure, from both sides.
  const rows = [], never = [];
  for (const [name, s] of Object.entries(stats.structures || {})) {
    for (const side of ['white', 'black']) {
      const n = score(s[side]);
      if (n) rows.push({ label: `${name} (${side === 'white' ? 'White' : 'Black'} holds)`, value: s[side].score_percent, games: n,
        color: side === 'white' ? WHITE : BLACK, detail: `+${s[side].wins} =${s[side].draws} -${s[side].losses}` });
    }
    if (!score(s)) never.push(name);
  }
  rows.sort((a, b) => b.games - a.games);
  html += barChart('chart-structures', "The holder's score in each structure (held 8 plies in a row or more)", rows,
    { empty: `No named structure was held for ${stats.min_plies} plies in a row in these games, so there is no score to show.` });
  if (never.length && rows.length) html += `<p class="chart-note">Left out, held in no game with a result: ${never.map(esc).join(', ')}.</p>`;
  // Patterns a coach names: share of games where each side had them.
  const patterns = [['isolated', 'isolated pawns'], ['doubled', 'doubled pawns'], ['backward', 'backward pawns'], ['passed', 'passed pawns']];
  const prow = [];
  for (const [key, words] of patterns) {
    const p = stats.patterns && stats.patterns[key];
    if (!p || !stats.games) continue;
    for (const side of ['white', 'black'])
      prow.push({ label: `${words}, ${side === 'white' ? 'White' : 'Black'}`, value: 100 * p[side].games / stats.games, games: p[side].games, color: side === 'white' ? WHITE : BLACK, note: `of ${stats.games}` });
  }
  html += barChart('chart-patterns', 'Games where a side had the pattern at least once', prow,
    { empty: 'No games were read, so there is nothing to count.' });
  // Expected against actual score: only rows with 30 rated games get an expectation.
  const erow = [], tooFew = [];
  for (const [name, r] of Object.entries(stats.scores || {})) {
    for (const side of ['white', 'black']) {
      const s = r[side];
      if (s.expected_percent === null || s.expected_percent === undefined) { if (score(s)) tooFew.push(`${name} (${side}, ${s.rated_games} rated)`); continue; }
      erow.push({ label: `${name}, ${side === 'white' ? 'White' : 'Black'}`, value: s.actual_percent, games: s.rated_games, color: side === 'white' ? WHITE : BLACK,
        note: `expected ${s.expected_percent.toFixed(0)}%, ${s.difference >= 0 ? '+' : ''}${s.difference.toFixed(1)} ± ${s.ci95.toFixed(1)} points` });
    }
  }
  html += barChart('chart-expected', 'Actual score against the score the ratings expect', erow,
    { empty: 'No row has 30 games where both players have an Elo rating, the fewest for an expected score with a useful margin; so this chart is empty.' });
  if (tooFew.length && erow.length) html += `<p class="chart-note">Left out, fewer than 30 rated games: ${tooFew.map(esc).join('; ')}.</p>`;
  box.innerHTML = html;
}
