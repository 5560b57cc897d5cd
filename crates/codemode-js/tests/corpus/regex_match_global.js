const text = "Order #12 shipped, order #345 pending, #6 lost";
return {
  all: text.match(/#\d+/g),
  first: text.match(/#(\d+)/),
  none: text.match(/xyz/g),
  words: "The quick brown fox".match(/\b\w/g).join(""),
};
