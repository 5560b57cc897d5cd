return ['aXbXc'.replace('X', '$$'), 'abc'.replaceAll('', '-'), 'aaa'.replaceAll('aa', 'b'), 'abc'.replace('z', 'y')];
