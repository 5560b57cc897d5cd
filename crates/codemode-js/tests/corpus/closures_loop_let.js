const fs = []; for (let i = 0; i < 3; i++) fs.push(() => i); const gs = []; for (var j = 0; j < 3; j++) gs.push(() => j); return [fs.map(f => f()), gs.map(g => g())];
