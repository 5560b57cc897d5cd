try { 'a' in 'abc'; } catch (e) { return e.name; }
