// encodeURI keeps a URI's reserved characters; encodeURIComponent escapes them.
const s = "http://x.com/a b?q=1&r=é#frag;/?:@&=+$,-_.!~*'()";
return [encodeURI(s), encodeURIComponent(s), encodeURIComponent("€😀\u00a0\t\n"),
  encodeURIComponent(undefined), encodeURIComponent(null), encodeURIComponent(12.5),
  encodeURIComponent(true), encodeURIComponent(["a b", "c"]),
  encodeURIComponent.length, encodeURI.name];
