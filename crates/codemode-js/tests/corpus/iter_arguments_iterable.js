function f() {
  const out = [];
  for (const a of arguments) out.push(a);
  return [out, [...arguments], Array.from(arguments)];
}
return f(1, "two", 3);
