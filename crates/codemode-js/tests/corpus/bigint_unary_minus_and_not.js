const vals = [0n, 1n, -1n, 2n ** 64n, -(2n ** 64n)];
return vals.map((v) => [String(-v), String(~v), String(- -v), String(~~v)]);
