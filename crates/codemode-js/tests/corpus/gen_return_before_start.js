let ran = false;
function* g() { ran = true; yield 1; }
const it = g();
return [it.return(5), it.next(), ran];
