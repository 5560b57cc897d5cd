return [(1.005).toFixed(2), (2.5).toFixed(0), (1.45).toFixed(1), (123.456).toFixed(1), (0).toFixed(2), (-1.5).toFixed(0), (1e21).toFixed(2), (0.000001).toFixed(7)];
