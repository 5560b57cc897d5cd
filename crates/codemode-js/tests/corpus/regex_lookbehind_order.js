return [
  /(?<=(\d+)(\d+))$/.exec("1053"),
  /(?<=(\d+?)(\d+))$/.exec("1053"),
  /(?<=\1(a))b/.exec("aab"),
  /(?<!abc)\w\w\w/.exec("abcdef")[0],
  "abcdef".replace(/(?<=c)/, "|"),
];
