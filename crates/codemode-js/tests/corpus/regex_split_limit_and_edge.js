return [
  "a,b,c".split(/,/, 0), "a,b,c".split(/,/, 1), "a,b,c".split(/(,)/, 4), ",a,".split(/,/), "abc".split(/b*/), "abc".split(/(b)*/),
  "A<B>bold</B>and<CODE>coded</CODE>".split(/<(\/)?([^<>]+)>/),
];
