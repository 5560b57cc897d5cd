const re = /a+b/gimsuy;
const r2 = new RegExp("x/y", "dg");
return [re.source, re.flags, re.global, re.ignoreCase, re.multiline, re.dotAll, re.unicode, re.sticky, re.hasIndices,
  r2.source, r2.flags, String(r2), re.toString(), new RegExp("").source, String(new RegExp("\n")), r2.hasIndices];
