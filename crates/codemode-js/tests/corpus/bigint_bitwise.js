const a = 0b1100n, b = 0b1010n;
return [a & b, a | b, a ^ b, ~a, -a & b, -a | b, -a ^ -b, ~-1n, 1n << 100n, -1n << 10n, (1n << 100n) >> 98n, -9n >> 1n, -1n >> 1000n, 5n >> -2n, 5n << -1n].map(String);
