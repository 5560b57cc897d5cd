const out = []; for (const ch of 'a😀b') out.push(ch.length); return out;
