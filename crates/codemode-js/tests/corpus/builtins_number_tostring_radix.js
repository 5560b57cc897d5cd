return [(10).toString(36), (-255).toString(16), (0.1).toString(3).slice(0, 10), (3.75).toString(2), (1e21).toString(16).length > 0];
