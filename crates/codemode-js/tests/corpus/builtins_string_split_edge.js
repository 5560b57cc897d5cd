return [''.split(','), ''.split(''), 'a,b'.split(',', 0), 'abc'.split('', 2), 'a||b'.split('||')];
