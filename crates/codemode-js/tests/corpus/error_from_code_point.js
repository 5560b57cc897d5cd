try { String.fromCodePoint(-1); } catch (e) { return e.name; }
