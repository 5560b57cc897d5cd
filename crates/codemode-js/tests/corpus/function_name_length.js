function foo(a, b) {} const bar = () => {}; const o = {baz() {}}; const anon = [function() {}][0]; return [foo.name, foo.length, bar.name, o.baz.name, anon.name, ((a, b, c) => 0).length];
