const names = ["iterator", "asyncIterator", "hasInstance", "toPrimitive", "toStringTag"];
return names.map((n) => [n, typeof Symbol[n], Symbol[n].toString(), Symbol[n].description, Symbol.keyFor(Symbol[n])]);
