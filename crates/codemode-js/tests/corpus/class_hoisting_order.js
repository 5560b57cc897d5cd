function useLater() { return new Later().v; }
class Later { v = 'later'; }
const r = [useLater()];
const order = [];
class Order {
  static a = order.push('static a');
  [(order.push('computed key'), 'k')]() {}
  static { order.push('static block'); }
  static b = order.push('static b');
}
r.push(order);
return r;
