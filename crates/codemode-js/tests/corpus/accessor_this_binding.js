const o = { name: 'o', get self() { return this; }, get who() { return this.name; } };
const child = Object.create(o);
child.name = 'child';
const getWho = Object.getOwnPropertyDescriptor(o, 'who').get;
return [o.self === o, child.self === child, child.who, getWho.call({ name: 'other' }), typeof getWho];
