return ["abc".replace(/b/, "$"), "abc".replace(/b/, "$x"), "abc".replace(/(b)/, "$11"), "abc".replace(/(?<n>b)/, "$<n>$<missing>|$<n"), "abc".replace(/b/, "$<n>")];
