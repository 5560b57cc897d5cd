const records = [{email: 'a@x.com', age: 30}, {email: 'bad', age: -1}, {email: 'c@y.org'}];
const errors = [];
records.forEach((r, i) => {
  if (!r.email.includes('@')) errors.push(`row ${i}: invalid email`);
  if (r.age === undefined) errors.push(`row ${i}: missing age`);
  else if (r.age < 0) errors.push(`row ${i}: negative age`);
});
return {valid: records.length - new Set_free_count(errors), errors};
function Set_free_count(errs) { const rows = {}; for (const e of errs) rows[e.split(':')[0]] = true; return Object.keys(rows).length; }
