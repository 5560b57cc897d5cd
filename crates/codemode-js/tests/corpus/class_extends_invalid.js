const out = [];
for (const v of [5, undefined, 'x', {}]) {
  try { class A extends v {} } catch (e) { out.push(e.message); }
}
function F() {} F.prototype = 3;
try { class B extends F {} } catch (e) { out.push(e.message); }
return out;
