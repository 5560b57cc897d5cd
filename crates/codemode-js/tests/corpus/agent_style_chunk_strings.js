const s = 'abcdefghij'; const out = []; for (let i = 0; i < s.length; i += 4) out.push(s.slice(i, i + 4)); return out;
