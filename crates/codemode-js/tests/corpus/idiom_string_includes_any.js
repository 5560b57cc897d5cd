const text = 'error: disk full'; return ['warn', 'error'].some(w => text.includes(w));
