const arrow = () => 1; try { new arrow(); } catch (e) { return e.message; }
