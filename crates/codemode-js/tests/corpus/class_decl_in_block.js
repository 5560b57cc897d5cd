const r = [];
{
  class Local { v() { return 'inner'; } }
  r.push(new Local().v());
}
r.push(typeof Local);
return r;
