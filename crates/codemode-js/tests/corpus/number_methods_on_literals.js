const n = 42; return [n.toString(), n.toFixed(1), (3.14159).toPrecision(3), Number('7').toString(2)];
