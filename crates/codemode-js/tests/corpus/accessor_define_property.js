const o = {};
let reads = 0;
Object.defineProperty(o, 'count', { get() { reads++; return 10; }, enumerable: true, configurable: false });
Object.defineProperty(o, 'hidden', { get() { return 'h'; } });
const errors = [];
try { Object.defineProperty(o, 'count', { get() { return 11; } }); } catch (e) { errors.push(e.name + ': ' + e.message); }
try { Object.defineProperty(o, 'count', { value: 1 }); } catch (e) { errors.push(e.message); }
try { Object.defineProperty(o, 'x', { get: 1 }); } catch (e) { errors.push(e.message); }
try { Object.defineProperty(o, 'x', { set: 'no' }); } catch (e) { errors.push(e.message); }
const d = Object.getOwnPropertyDescriptor(o, 'count');
const h = Object.getOwnPropertyDescriptor(o, 'hidden');
return { keys: Object.keys(o), count: o.count, hidden: o.hidden, reads, errors, d: [typeof d.get, d.set, d.enumerable, d.configurable, 'value' in d], h: [h.enumerable, h.configurable] };
