type Config = {
  name: string
  retries?: number
  tags: Array<
    string
  >
}
const config: Config = {
  name: "svc",
  tags: ["a"],
}
const fn = (
  a: number,
  b?: number,
): number =>
  a + (b ?? 0)
let total: number
  = fn(1, 2)
return { config, total, x: fn(5) }
