const vals = [1, 3, 3, 7, 8, 8, 8]; const h = {}; for (const v of vals) { const b = Math.floor(v / 5) * 5; h[`${b}-${b + 4}`] = (h[`${b}-${b + 4}`] || 0) + 1; } console.log(h); return h;
