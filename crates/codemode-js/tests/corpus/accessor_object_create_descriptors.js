const proto = { greet() { return 'hi ' + this.name; } };
const o = Object.create(proto, {
  name: { value: 'ada', enumerable: true },
  upper: { get() { return this.name.toUpperCase(); }, enumerable: true },
  secret: { get() { return 42; } },
});
return [o.greet(), o.upper, o.secret, Object.keys(o), JSON.stringify(o), 'secret' in o, o.propertyIsEnumerable('secret')];
