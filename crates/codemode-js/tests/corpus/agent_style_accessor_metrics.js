const results = await Promise.all([1, 2, 3].map(i => tools.metrics.fetch({ i })));
const stats = {
  samples: results.map((r, i) => (i + 1) * 10),
  get mean() { return this.samples.reduce((a, b) => a + b, 0) / this.samples.length; },
  get max() { return Math.max(...this.samples); },
  get report() { return `mean=${this.mean} max=${this.max}`; },
};
console.log(stats.report);
return { ...stats, paths: results.map(r => r.path) };
