function f() { console.log(v); var v = 2; return v; } return [f(), typeof w]; var w = 1;
