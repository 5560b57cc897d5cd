const mixin = Base => class extends Base { mixed() { return 'mixed:' + this.base(); } };
class Root { base() { return 'root'; } }
class Leaf extends mixin(Root) {}
const l = new Leaf();
return [l.mixed(), l instanceof Root];
