return [[].every(x => false), [].some(x => true)];
