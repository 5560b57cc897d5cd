try { [].reduce((a, b) => a + b); } catch (e) { return e.message; }
