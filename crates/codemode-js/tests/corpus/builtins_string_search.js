const s = 'abcabc'; return [s.indexOf('c', 3), s.indexOf(''), s.lastIndexOf('a', 2), s.includes('', 10), s.startsWith('c', 2), s.endsWith('b', 2)];
