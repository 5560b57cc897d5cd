const SP = String.prototype, slice = SP.slice, repeat = SP.repeat;
try {
  SP.slice = null; SP.repeat = null;
  return ["a-b-c".replace("-", "+"), "a-b-c".replaceAll("-", "$&$&"), "xay".replace("a", "[$`|$']"), JSON.stringify({a: [1]}, null, 2),
    JSON.stringify({a: 1}, null, "--------------tab")];
} finally { SP.slice = slice; SP.repeat = repeat; }
