class Stack extends Array {
  peek() { return this[this.length - 1]; }
}
const s = new Stack();
s.push(1, 2, 3);
return [s.peek(), s.length, s instanceof Array, s instanceof Stack, Array.isArray(s), s.join('-')];
