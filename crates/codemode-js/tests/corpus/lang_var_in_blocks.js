function f() { if (true) { var x = 1; } for (var i = 0; i < 2; i++) { var y = i; } return [x, i, y]; } return f();
