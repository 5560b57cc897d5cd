function tag(strs, ...vals) { return strs.raw.join('|') + ':' + strs.join('/') + ':' + vals.join(','); } return tag`a${1}b${2}c\n`;
