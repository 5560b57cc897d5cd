class Acc {
  #n = 1;
  #s = '';
  #list = null;
  ops() {
    this.#n += 2; this.#n *= 3; this.#n **= 2; this.#n -= 1; this.#n %= 7;
    this.#s += 'a'; this.#s ||= 'no'; this.#list ??= [1];
    this.#list &&= [...this.#list, 2];
    const pre = ++this.#n, post = this.#n++;
    [this.#n, this.#s] = [10, 'x'];
    ({ a: this.#s } = { a: this.#s + 'y' });
    for (this.#n of [7, 8]) {}
    return [pre, post, this.#n, this.#s, this.#list];
  }
  opt(o) { return [o?.#n, o?.#list?.length]; }
}
const a = new Acc();
return [a.ops(), a.opt(null), a.opt(a), a.opt(undefined)];
