class A { x = 'field'; }
A.prototype.x = 'proto';
const a = new A();
delete a.x;
return [new A().x, a.x, Object.keys(new A())];
