globalThis.myGlobal = 5; return [typeof globalThis, myGlobal, globalThis.Math === Math];
