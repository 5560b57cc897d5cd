return [(123456).toExponential(2), (0.00015).toExponential(), (1).toExponential(3), (-5.5).toExponential(0)];
