class Task {
  #handlers = [];
  #run = () => this.#handlers.map(h => h(this.#label));
  #label = 'task';
  #fn = function () {};
  on(h) { this.#handlers.push(h); return this; }
  fire() { return this.#run(); }
  names() { return [this.#run.name, this.#fn.name]; }
}
const t = new Task().on(x => x.toUpperCase()).on(x => x.length);
return [t.fire(), t.names()];
