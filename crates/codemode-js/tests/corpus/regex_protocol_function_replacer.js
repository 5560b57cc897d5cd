// A replacer function gets the match, the captures, the position, the string and the groups.
const masked = "user=ana@example.com user=bo@corp.org".replace(
  /user=(?<name>[^@\s]+)@(?<host>\S+)/g,
  (m, name, host, pos, str, groups) => `user=${name[0]}***@${host}#${pos}/${str.length}/${groups.name}`,
);
const args = [];
"ab".replace(/(x)?b/, (...a) => { args.push(a.map((v) => (v === undefined ? "undef" : v))); return "!"; });
const counter = "a-b-c".replaceAll("-", (m, pos) => `<${pos}>`);
return { masked, args, counter };
