class Node { constructor(v, next = null) { this.v = v; this.next = next; } }
class List {
  head = null; size = 0;
  push(v) { this.head = new Node(v, this.head); this.size++; return this; }
  toArray() { const out = []; for (let n = this.head; n; n = n.next) out.push(n.v); return out; }
  reverse() { let prev = null, n = this.head; while (n) { const nx = n.next; n.next = prev; prev = n; n = nx; } this.head = prev; return this; }
}
const l = new List().push(1).push(2).push(3);
return [l.toArray(), l.reverse().toArray(), l.size];
