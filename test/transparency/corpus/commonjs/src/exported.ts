// `export =` and `import x = require()`.
class Exported {
  static instances = 0;
  constructor(readonly id: string) {
    Exported.instances++;
  }
  label(): string {
    return `exported ${this.id} of ${Exported.instances}`;
  }
}
export = Exported;
