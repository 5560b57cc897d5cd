const text = "line one\nline two\r\nthird";
return [
  text.match(/^\w+/gm),
  text.match(/\w+$/gm),
  /one.line/.test(text),
  /one.line/s.test(text),
  text.match(/^line (\w+)$/m)[1],
  /^third$/.test(text),
];
