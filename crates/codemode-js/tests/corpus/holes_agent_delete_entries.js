// Deleting processed tasks from a queue by position leaves holes.
const tasks = ["fetch", "parse", "index", "report", "notify"];
const done = [1, 3];
for (const i of done) delete tasks[i];
const remaining = [];
for (const i in tasks) remaining.push(tasks[i]);
return {
  length: tasks.length,
  remaining,
  compact: tasks.filter(() => true),
  firstOpen: tasks.findIndex((t) => t === undefined),
  joined: tasks.join("|"),
  sorted: tasks.slice().sort(),
  exported: tasks,
};
