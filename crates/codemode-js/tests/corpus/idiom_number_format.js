const n = 1234567.891; return [n.toFixed(2), Math.round(n * 100) / 100, (n / 1e6).toFixed(1) + 'M', String(Math.floor(n)).length];
