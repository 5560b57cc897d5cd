const tree = {name: 'root', children: [{name: 'a', children: [{name: 'a1', children: []}]}, {name: 'b', children: []}]};
const out = []; const stack = [[tree, 0]];
while (stack.length) { const [n, d] = stack.pop(); out.push('-'.repeat(d) + n.name); for (const c of [...n.children].reverse()) stack.push([c, d + 1]); }
return out;
