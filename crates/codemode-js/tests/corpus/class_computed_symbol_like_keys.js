const k = 42;
class T { [k]() { return 'num'; } ['a b']() { return 'space'; } 'quoted'() { return 'q'; } 7() { return 'seven'; } }
const t = new T();
return [t[42](), t['a b'](), t.quoted(), t[7](), Object.getOwnPropertyNames(T.prototype)];
