// Objects without the symbol methods are converted with their own toString.
const sep = { toString() { return ","; } };
const pat = { toString() { return "b+"; } };
const rep = { toString() { return "[$&]"; } };
return [
  "a,b,c".split(sep),
  "abbbc".match(pat)[0],
  "abbbc".search(pat),
  "a,b".replace(sep, rep),
  "abbbc".replace(/b+/, rep),
  "x,y,z".split(sep, { valueOf() { return 2; } }),
];
