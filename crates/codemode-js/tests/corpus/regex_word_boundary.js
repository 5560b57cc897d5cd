const s = "cat concat cats scat";
return [s.match(/\bcat\b/g), s.match(/\Bcat/g), s.match(/cat\B/g), "".match(/\b/), "a".replace(/\b/g, "|")];
