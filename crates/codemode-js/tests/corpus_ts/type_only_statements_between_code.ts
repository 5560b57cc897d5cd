let log: string[] = [];
type A = { a: number }
log.push("after type")
interface B { b: string }
log.push("after interface")
declare let ambient: A
let value: A & B = { a: 1, b: "x" }
const type = "not a type alias", declare = 2, as = 3;
log.push(type, String(declare), String(as))
function keep(this: void, x?: number) { return x ?? -1 }
return { log, value, k: keep() }
