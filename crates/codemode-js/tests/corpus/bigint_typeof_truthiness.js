const vals = [0n, 1n, -1n, 0n - 0n];
return { types: vals.map((v) => typeof v), truthy: vals.map((v) => !!v), and: String(0n && "x"), or: 0n || "fallback", nullish: String(0n ?? "n"), not: !0n, ternary: 5n ? "yes" : "no", filter: [0n, 1n, 2n, 0n].filter(Boolean).length };
