const out = []; for (const t of ['[1,]', '{"a":1,}', 'tru', '"unterminated', '01']) { try { JSON.parse(t); out.push('ok'); } catch (e) { out.push(e.name); } } return out;
