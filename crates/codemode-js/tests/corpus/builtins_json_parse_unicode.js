return [JSON.parse('"\\u00e9\\n"'), JSON.parse('[1e2, -0.5, 0]'), JSON.parse('{"__proto__": 1}').__proto__ === 1];
