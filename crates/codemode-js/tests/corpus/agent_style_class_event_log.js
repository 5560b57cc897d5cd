class Emitter {
  handlers = {};
  on(name, fn) { (this.handlers[name] ??= []).push(fn); return this; }
  emit(name, ...args) { return (this.handlers[name] ?? []).map(fn => fn(...args)); }
}
class Job extends Emitter {
  constructor(id) { super(); this.id = id; this.state = 'new'; }
  start() { this.state = 'running'; return this.emit('state', this.id, this.state); }
}
const log = [];
const j = new Job(7).on('state', (id, s) => log.push(`${id}:${s}`)).on('state', () => 'second');
return { ret: j.start(), log, keys: Object.keys(j) };
