class A { static x = 1; static y = this.x + 1; static z = A.y * 10; }
return [A.x, A.y, A.z];
