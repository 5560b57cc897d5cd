return [(0.1).toFixed(20), (1.23e-10).toFixed(2), (-0).toFixed(1), (123.456).toExponential(0), (0).toPrecision(3), (1e-7).toPrecision(2)];
