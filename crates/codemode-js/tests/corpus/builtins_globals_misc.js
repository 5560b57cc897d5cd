return [isNaN('abc'), isNaN('12'), isFinite('12'), isFinite(null), typeof globalThis.JSON, Infinity > 1e308, -Infinity < -1e308];
