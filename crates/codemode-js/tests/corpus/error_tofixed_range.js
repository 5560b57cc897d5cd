try { (1).toFixed(101); } catch (e) { return e.name; }
