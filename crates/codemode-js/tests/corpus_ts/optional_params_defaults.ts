function greet(name: string, greeting?: string, ...rest: string[]): string {
  return `${greeting ?? "hello"}, ${name}${rest.length ? " +" + rest.join(",") : ""}`;
}
const join = (sep: string = "-", ...parts: (string | number)[]): string => parts.join(sep);
function withThis(this: { base: number }, x: number): number { return this.base + x; }
return {
  g1: greet("ann"),
  g2: greet("bob", "hi", "x", "y"),
  j: join(undefined, 1, "a", 2),
  t: withThis.call({ base: 10 }, 5),
};
