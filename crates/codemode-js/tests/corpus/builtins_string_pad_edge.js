return ['abc'.padStart(2), 'abc'.padStart(6, ''), 'x'.padEnd(4, 'ab'), '7'.padStart(3)];
