class Page {
  constructor(items, index, size) { this.items = items; this.index = index; this.size = size; }
  get hasNext() { return (this.index + 1) * this.size < 7; }
  get next() { return this.hasNext ? fetchPage(this.index + 1, this.size) : null; }
}
function fetchPage(index, size) {
  const items = [];
  for (let i = index * size; i < Math.min(7, (index + 1) * size); i++) items.push('item' + i);
  return new Page(items, index, size);
}
const seen = [];
for (let p = fetchPage(0, 3); p; p = p.next) seen.push(p.items.join(','));
return seen;
