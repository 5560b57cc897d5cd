const log = [];
const base = { set name(v) { log.push('set ' + v); this._name = v.toUpperCase(); }, get name() { return this._name; } };
const child = Object.create(base);
child.name = 'ada';
const grandchild = Object.create(child);
grandchild.name = 'bob';
return [child.name, grandchild.name, log, Object.keys(child), Object.keys(grandchild), base._name];
