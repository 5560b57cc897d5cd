// search starts at 0 and restores lastIndex; match with g resets it.
const re = /o/g;
re.lastIndex = 5;
const at = "foo".search(re);
const kept = re.lastIndex;
const g = /o/g;
g.lastIndex = 2;
const all = "foo boo".match(g);
const after = g.lastIndex;
const sticky = /o/y;
sticky.lastIndex = 1;
const stickyMatch = "foo".match(sticky);
return { at, kept, all, after, stickyMatch: stickyMatch && [stickyMatch[0], stickyMatch.index], stickyAfter: sticky.lastIndex };
