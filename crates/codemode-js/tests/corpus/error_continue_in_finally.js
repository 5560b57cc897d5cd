const out = []; for (let i = 0; i < 3; i++) { try { if (i === 1) continue; out.push(i); } finally { out.push('f' + i); } } return out;
