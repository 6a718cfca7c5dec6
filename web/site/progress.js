// One progress bar (#progress) for a whole run of several steps (reading the file, stats,
// the games table): each step fills its own part of the bar, so the bar never goes back
// to 0 in the middle of a run. A new run starts at 0. Reading and indexing (the explorer's
// index of the files) say how many bytes of how many are done.
export function createProgress(bar, label) {
  let parts = {};
  let value = 0;
  return {
    // parts: {phase: [from, to]}, fractions of the bar, e.g. {reading: [0, 0.4], stats: [0.4, 1]}.
    start(newParts, text = '') {
      parts = newParts;
      value = 0;
      bar.value = 0;
      label.textContent = text;
    },
    update({ phase, games, done, total }) {
      const part = parts[phase];
      if (part && total) value = Math.max(value, part[0] + (part[1] - part[0]) * Math.min(done / total, 1));
      bar.value = value;
      label.textContent = phase === 'reading' || phase === 'index'
        ? `${phase === 'index' ? 'indexing' : 'reading'} ${(done / 1e6).toFixed(1)} of ${(total / 1e6).toFixed(1)} MB`
        : `${phase}: ${games} games`;
    },
    // The step `phase` is over: the bar stands at its end.
    done(phase) {
      if (parts[phase]) value = Math.max(value, parts[phase][1]);
      bar.value = value;
    },
  };
}
