class ToolClient {
  static instances = 0;
  log = [];
  constructor(name) { this.name = name; ToolClient.instances++; }
  async call(method, args) {
    this.log.push(method);
    await null;
    return { method, args, by: this.name };
  }
}
const client = new ToolClient('c1');
const results = await Promise.all([client.call('a', 1), client.call('b', 2)]);
return { results, log: client.log, n: ToolClient.instances };
