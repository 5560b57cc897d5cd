const csv = 'id,name,note\n1,"Smith, John","said ""hi"""\n2,Ann,plain\n3,"multi word",""';
const rows = csv.split(/\r?\n/).map((line) => {
  const cells = [];
  const re = /(?:^|,)(?:"((?:[^"]|"")*)"|([^,]*))/g;
  let m;
  while ((m = re.exec(line)) !== null) {
    cells.push(m[1] !== undefined ? m[1].replace(/""/g, '"') : m[2]);
    if (m[0] === "") re.lastIndex++;
  }
  return cells;
});
return rows;
