return JSON.parse('{"a":1,"b":{"c":2}}', (k, v) => typeof v === 'number' ? v + 100 : v);
