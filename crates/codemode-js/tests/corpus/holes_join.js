return {
  join: [1, , 3].join("-"),
  str: String([, , ]),
  nested: [[1, , 2], , [, 3]].toString(),
  tmpl: `${[, "a", , "b"]}`,
  empty: new Array(3).join("x"),
};
