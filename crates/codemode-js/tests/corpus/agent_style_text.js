const text = 'The quick brown fox jumps over the lazy dog. The dog sleeps.';
const words = text.toLowerCase().split(' ').map(w => w.replaceAll('.', ''));
const freq = {};
for (const w of words) freq[w] = (freq[w] ?? 0) + 1;
const top = Object.entries(freq).filter(([, n]) => n > 1).map(([w, n]) => `${w}:${n}`);
return {count: words.length, top, longest: words.reduce((a, b) => b.length > a.length ? b : a)};
