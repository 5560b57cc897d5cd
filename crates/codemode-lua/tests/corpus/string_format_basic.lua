return {
  string.format("%d", 42), string.format("%5d|%-5d|%05d", 42, 42, 42), string.format("%x %X %o", 255, 255, 8),
  string.format("%s %s %s", "a", 1, 2.5), string.format("%10s|%-10s|", "hi", "hi"), string.format("%.3s", "abcdef"),
  string.format("%c%c", 72, 105), string.format("%%"), string.format("%i", 7), string.format("%u", 9),
}
