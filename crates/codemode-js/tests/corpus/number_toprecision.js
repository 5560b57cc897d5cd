return [(123.456).toPrecision(4), (0.00001234).toPrecision(2), (1234567).toPrecision(2), (1.5).toPrecision(1), (99.99).toPrecision(3)];
