const re = /o/g;
const s = "foo boo";
const seen = [];
while (re.test(s)) seen.push(re.lastIndex);
return { seen, after: re.lastIndex, search: s.search(/b/), miss: s.search(/z/), str: "a.b".search(".") };
