return [5, 15, 25].map(n => n < 10 ? 'low' : n < 20 ? 'mid' : 'high');
