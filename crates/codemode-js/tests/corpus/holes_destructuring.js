const [a = "da", b = "db", c = "dc"] = [1, , 3];
const [, second, , fourth] = ["w", "x", , "z"];
const [x, ...rest] = [, 2, , 4];
const { 1: one = "default1", length } = [0, , 2];
return { a, b, c, second, fourth, x, rest: [rest.length, 1 in rest, 0 in rest, JSON.stringify(rest)], one, length };
