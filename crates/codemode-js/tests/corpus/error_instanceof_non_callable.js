try { ({}) instanceof 5; } catch (e) { return e.name; }
