console.log(['it\'s', 'say "hi"', 'new\nline']); console.log({s: 'str'}); return 1;
