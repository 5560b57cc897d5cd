try { new Array(-1); } catch (e) { return e.message; }
