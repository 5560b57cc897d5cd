const a = null; return [(a ?? 0) || 'fallback', (a || 0) ?? 'x'];
