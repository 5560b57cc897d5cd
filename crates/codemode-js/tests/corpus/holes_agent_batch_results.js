// Results of a batch of lookups stored by position; failed lookups leave holes.
const ids = ["a1", "b2", "c3", "d4", "e5", "f6"];
const results = new Array(ids.length);
ids.forEach((id, i) => {
  if (i % 3 !== 1) results[i] = { id, score: (i + 1) * 10 };
});
const failed = [];
for (let i = 0; i < results.length; i++) if (!(i in results)) failed.push(ids[i]);
const scores = results.map((r) => r.score);
return {
  failed,
  okCount: results.filter((r) => r).length,
  scores: Object.keys(scores).map((k) => scores[k]),
  best: results.reduce((b, r) => (r.score > b.score ? r : b)).id,
  holesInScores: scores.length - Object.keys(scores).length,
  summary: Array.from(results, (r) => (r ? r.score : "miss")),
  report: results.map((r) => r.id).join(","),
};
