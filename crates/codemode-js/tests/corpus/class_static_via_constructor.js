class Model {
  static count = 0;
  constructor() { this.constructor.count++; this.id = this.constructor.count; }
}
class User extends Model { static count = 100; }
const a = new Model(), b = new User(), c = new User();
return [a.id, b.id, c.id, Model.count, User.count];
