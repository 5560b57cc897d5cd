try { await Promise.reject(new Error('r')); } catch (e) { return 'caught ' + e.message; } finally { console.log('fin'); }
