class Greeter {
  constructor(n) { this.n = n; }
  hello() { return this === undefined ? 'undef' : 'hi ' + this.n; }
  arrow = () => 'arrow ' + this.n;
}
const g = new Greeter('x');
const { hello, arrow } = g;
return [g.hello(), arrow(), hello.call({ n: 'y' }), typeof hello];
