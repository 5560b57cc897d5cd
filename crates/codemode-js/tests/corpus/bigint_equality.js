return {
  loose: [1n == 1, 1n == 1.5, 1n == "1", 1n == " 1 ", 1n == "0x1", 1n == "1n", 0n == "", 0n == false, 1n == true, 2n == true, 1n == null, 0n == undefined, 1n == [1], 1n == Object(1n)],
  strict: [1n === 1n, 1n === 1, 2n ** 70n === 2n ** 70n, 0n === -0n, Object(1n) === Object(1n)],
  notEq: [1n != 2n, 1n !== 1n],
  is: [Object.is(0n, -0n), Object.is(1n, 1n), Object.is(1n, 1)],
};
