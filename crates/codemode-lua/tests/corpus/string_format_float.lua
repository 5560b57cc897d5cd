return {
  string.format("%.2f", 3.14159), string.format("%f", 1/3), string.format("%e", 12345.678), string.format("%E", 0.00012),
  string.format("%g", 1e20), string.format("%g", 0.0001), string.format("%g", 100000), string.format("%G", 1e-10),
  string.format("%10.3f|", 2.5), string.format("%-8.1f|", 2.25), string.format("%+d %+.1f", 5, 1.5),
  string.format("%.0f", 2.5), string.format("%.14g", 0.1), string.format("%a", 1.0), string.format("%5.1f", -0.05),
}
