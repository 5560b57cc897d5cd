return [Object.entries(['x', 'y']), Object.keys('ab'), Object.values('ab')];
