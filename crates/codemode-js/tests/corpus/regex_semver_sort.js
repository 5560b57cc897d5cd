const versions = ["1.2.10", "1.2.9", "1.10.0", "v2.0.0-beta.1", "2.0.0", "bad", "0.9.1"];
const re = /^v?(\d+)\.(\d+)\.(\d+)(?:-([\w.]+))?$/;
return versions
  .map((v) => [v, re.exec(v)])
  .filter(([, m]) => m)
  .sort(([, a], [, b]) => a[1] - b[1] || a[2] - b[2] || a[3] - b[3] || (a[4] ? -1 : 0) - (b[4] ? -1 : 0))
  .map(([v]) => v);
