return [
  /(z)((a+)?(b+)?(c))*/.exec("zaacbbbcac"),
  /(a*)*/.exec("b"),
  /(a*)+/.exec("b"),
  /(?:(a)|b)+/.exec("ab"),
  /(?:(a)|(b))+/.exec("ab"),
  /(a|ab)(c|bcd)(d*)/.exec("abcd"),
];
