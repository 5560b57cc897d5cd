const s = "😀";
return [s.match(/[\uD83D]/)[0].length, /^[^x]{2}$/.test(s), /^[^x]$/u.test(s), s.replace(/\uDE00/, "X").length, s.split(/(?:)/).length];
