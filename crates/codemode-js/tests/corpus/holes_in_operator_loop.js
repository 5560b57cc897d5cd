const a = [];
a[3] = "d";
a[9] = "j";
let count = 0;
const positions = [];
for (let i = 0; i < a.length; i++) {
  if (i in a) { count++; positions.push(i); }
}
return { count, positions, len: a.length, lastIndex: a.lastIndexOf("j"), firstUndef: a.indexOf(undefined) };
