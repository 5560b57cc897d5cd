try { 'x'.repeat(-1); } catch (e) { return e.name; }
