const a = [1, , undefined, , 1];
return {
  indexOfUndef: a.indexOf(undefined),
  lastIndexOfUndef: a.lastIndexOf(undefined),
  indexOfOne: a.lastIndexOf(1),
  holeyOnly: [, , ].indexOf(undefined),
  includesUndef: [, , ].includes(undefined),
  includesFrom: [1, , 3].includes(undefined, 1),
  includesNot: [1, 2].includes(undefined),
};
