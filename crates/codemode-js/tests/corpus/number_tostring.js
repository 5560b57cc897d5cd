return [String(0.000001), String(1e-7), String(123e20), String(123e19), (255).toString(16), (255).toString(2), (-3.5).toString(), (0.5).toString(2)];
