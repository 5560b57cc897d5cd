let ok = true; for (let i = 0; i < 100; i++) { const r = Math.random(); if (r < 0 || r >= 1) ok = false; } return ok;
