const f = ({a}) => a; try { f(); } catch (e) { return e.name; }
