const doc = "Title\n=====\n\nFirst para line 1\nline 2\n\n\nSecond para\n";
const paras = doc.split(/\n{2,}/).map((p) => p.trim()).filter(Boolean);
return { paras, heading: /^(.+)\n=+$/m.exec(doc)[1], lines: doc.match(/^.+$/gm).length };
