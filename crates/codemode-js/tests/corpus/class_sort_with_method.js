class Version {
  constructor(s) { [this.major, this.minor, this.patch] = s.split('.').map(Number); }
  compare(o) { return this.major - o.major || this.minor - o.minor || this.patch - o.patch; }
  toString() { return [this.major, this.minor, this.patch].join('.'); }
}
const vs = ['1.10.0', '1.2.3', '0.9.9', '1.2.10'].map(s => new Version(s));
return vs.sort((a, b) => a.compare(b)).map(String);
