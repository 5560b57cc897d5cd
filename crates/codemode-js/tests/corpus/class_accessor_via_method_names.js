class A { get() { return 'g'; } set(v) { return 's' + v; } static() { return 'st'; } async() { return 'as'; } }
const a = new A();
return [a.get(), a.set(1), a.static(), a.async()];
