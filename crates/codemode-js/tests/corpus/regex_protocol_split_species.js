// split builds its splitter through the species constructor with the sticky flag added.
const seen = [];
class Spy extends RegExp {
  static get [Symbol.species]() { return SpyCopy; }
}
class SpyCopy extends RegExp {
  constructor(p, f) { super(p, f); seen.push(f); }
}
const parts = "a1b22c".split(new Spy("\\d+"));
const withCaptures = "2026-03-09".split(new Spy("(-)"));
const limited = "a,b,c,d".split(new Spy(","), 2);
return { parts, withCaptures, limited, seen, species: RegExp[Symbol.species] === RegExp };
