const { groups: { year, month, day } } = /(?<year>\d{4})-(?<month>\d{2})-(?<day>\d{2})/.exec("Due 2024-07-15!");
const noMatch = /(?<a>x)|(?<b>y)/.exec("y").groups;
return { year, month, day, noMatch, keys: Object.keys(noMatch) };
