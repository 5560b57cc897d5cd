Object.prototype[2] = "op";
try {
  const a = [1, 2, , 4];
  const visited = [];
  a.forEach((v, i) => visited.push(i + "=" + v));
  return { read: a[2], visited, from: Array.from(a), map: a.map((x) => x) };
} finally {
  delete Object.prototype[2];
}
