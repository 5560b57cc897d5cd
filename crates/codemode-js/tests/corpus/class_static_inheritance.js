class A { static create() { return new this(); } static tag = 'A'; }
class B extends A {}
const b = B.create();
return [b instanceof B, B.tag, Object.hasOwn(B, 'tag')];
