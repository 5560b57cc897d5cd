return [String(1e-6), String(1e-7), String(1.5e300), String(-1e-7), String(2**31), String(0.1 * 3), String(100 / 3)];
