const m = /(?<word>\w+) (\d+)?/d.exec("hello world");
return { indices: [...m.indices], groups: m.indices.groups, word: m.indices.groups.word };
