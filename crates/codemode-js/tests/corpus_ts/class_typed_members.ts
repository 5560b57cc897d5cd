interface Shape { area(): number; readonly kind: string }
abstract class Base implements Shape {
  abstract area(): number;
  readonly kind: string;
  protected static created: number = 0;
  constructor(kind: string) { this.kind = kind; Base.created++; }
  describe(this: Base): string { return `${this.kind}:${this.area().toFixed(1)}`; }
  static count(): number { return Base.created; }
}
class Circle extends Base {
  private readonly r: number;
  constructor(r: number) { super('circle'); this.r = r; }
  override area(): number { return Math.PI * this.r ** 2; }
}
class Rect extends Base {
  public w!: number;
  declare h: number;
  constructor(w: number, h: number) { super('rect'); this.w = w; this.h = h; }
  area(): number { return this.w * this.h; }
}
const shapes: Shape[] = [new Circle(1), new Rect(2, 3)];
return { d: shapes.map(s => (s as Base).describe()), n: Base.count(), keys: Object.keys(new Rect(1, 1)) };
