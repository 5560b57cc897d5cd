class A { static base() { return 'A'; } }
class B extends A { static derived = super.base() + 'B'; }
return B.derived;
