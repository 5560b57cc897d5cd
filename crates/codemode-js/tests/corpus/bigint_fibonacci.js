const fib = (n) => { let a = 0n, b = 1n; for (let i = 0; i < n; i++) [a, b] = [b, a + b]; return a; };
return { f100: fib(100).toString(), f300len: fib(300).toString().length, ratio: Number(fib(80) * 1000000n / fib(79)) / 1e6 };
