const csv = 'a,b\nc,d'; return csv.split('\n').map(l => l.split(',')).map(r => r.reverse().join(';')).join('|');
