const gcd = (a, b) => { while (b) [a, b] = [b, a % b]; return a < 0n ? -a : a; };
const modpow = (b, e, m) => { let r = 1n; b %= m; while (e > 0n) { if (e & 1n) r = (r * b) % m; b = (b * b) % m; e >>= 1n; } return r; };
const p = 2n ** 61n - 1n;
return { gcd: String(gcd(2n ** 64n, 6n ** 20n)), fermat: String(modpow(3n, p - 1n, p)), rsa: String(modpow(modpow(42n, 65537n, 3233n * 0n + 3233n), 2753n, 3233n)), lcm: String((12n * 18n) / gcd(12n, 18n)) };
