return [(function (a, b = 1, c) {}).length, ((a, b) => 0).length, (function (...r) {}).length, (function (a, {b}, c = 2, ...d) {}).length, (async (x = 1) => 0).length, Math.max.length];
