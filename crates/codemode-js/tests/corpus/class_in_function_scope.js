function make(kind) {
  class Thing { kind = kind; describe() { return `a ${this.kind}`; } }
  return new Thing();
}
const x = make('cup'), y = make('pen');
return [x.describe(), y.describe(), x.constructor === y.constructor];
