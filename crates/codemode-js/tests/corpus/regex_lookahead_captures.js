return [
  /(?=(a+))a*b\1/.exec("baaabac"),
  /(?=(a+))/.exec("baaabac"),
  /(.*?)a(?!(a+)b\2c)\2(.*)/.exec("baaabaac"),
  /(?!(a))b/.exec("b"),
];
