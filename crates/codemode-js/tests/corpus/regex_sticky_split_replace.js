const y = /,/y, gy = /a/gy;
return [
  "a,b,c".split(y),
  "aab".replace(gy, "x"),
  "baa".replace(gy, "x"),
  gy.lastIndex,
  "xay".search(/a/y),
  "axy".search(/a/y),
  "aaba".match(/a/gy),
];
