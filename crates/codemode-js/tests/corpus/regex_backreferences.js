return [
  /(\w)\1/.exec("hello")[0],
  /(?<q>['"]).*?\k<q>/.exec(`say "hi" and 'bye'`)[0],
  "aa bb cd ee".match(/\b(\w)\1\b/g),
  /(a)|\1b/.exec("b")[0],
  /\b(\w+)\s+\1\b/i.exec("This is is a test")[1],
];
