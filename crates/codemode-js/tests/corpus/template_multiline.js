const name = 'x'; return `line1
  ${name}
line3`;
