Promise.reject(new Error('ignored')).catch(() => {}); return 'fine';
