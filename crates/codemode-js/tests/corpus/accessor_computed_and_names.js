const k = 'dyn';
const o = { get [k + 'amic']() { return 1; }, set [k](v) { this.v = v; }, get 'quoted key'() { return 2; }, get 3() { return 3; } };
o.dyn = 'x';
const names = ['dynamic', 'quoted key', '3'].map(n => Object.getOwnPropertyDescriptor(o, n).get.name);
const setName = Object.getOwnPropertyDescriptor(o, 'dyn').set.name;
return [o.dynamic, o['quoted key'], o[3], o.v, names, setName, Object.keys(o)];
