const prefix = 'get';
class Api {
  [prefix + 'User']() { return 'user'; }
  ['list' + 'Items']() { return 'items'; }
  static [`make${1 + 1}`]() { return 2; }
  ['field' + 1] = 'f1';
}
const a = new Api();
return [a.getUser(), a.listItems(), Api.make2(), a.field1, Object.getOwnPropertyNames(Api.prototype)];
