const text = "Prices: $42, EUR 17, $7.50 and $1,200";
return {
  dollars: text.match(/(?<=\$)[\d,.]+/g),
  notDollars: text.match(/(?<!\$|\d|,|\.)\b\d+\b/g),
  ahead: "100px 20em 3px".match(/\d+(?=px)/g),
  notAhead: "100px 20em 3px".match(/\b\d+(?!px|\d)/g),
};
