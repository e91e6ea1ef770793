// TypeScript 5 standard decorators (no experimentalDecorators): class, method, getter, setter,
// field, auto-accessor and static-member decorators, addInitializer, decorator factories, and
// evaluation / application order.
export const order: string[] = [];

export function logged<This, Args extends unknown[], Return>(
  target: (this: This, ...args: Args) => Return,
  context: ClassMethodDecoratorContext<This, (this: This, ...args: Args) => Return>,
) {
  order.push(`decorate method ${String(context.name)} static=${context.static} private=${context.private}`);
  context.addInitializer(function () {
    order.push(`init method ${String(context.name)}`);
  });
  return function (this: This, ...args: Args): Return {
    order.push(`call ${String(context.name)}(${args.join(',')})`);
    const result = target.call(this, ...args);
    order.push(`return ${String(context.name)} -> ${String(result)}`);
    return result;
  };
}

export function tag(label: string) {
  order.push(`evaluate tag(${label})`);
  return function <T>(value: T, context: DecoratorContext): T | void {
    order.push(`apply tag(${label}) to ${context.kind} ${String(context.name)}`);
  };
}

export function doubled(_value: undefined, context: ClassFieldDecoratorContext) {
  order.push(`decorate field ${String(context.name)}`);
  return (initial: number) => initial * 2;
}

export function clamp(max: number) {
  return function <This>(target: ClassAccessorDecoratorTarget<This, number>, context: ClassAccessorDecoratorContext<This, number>) {
    order.push(`decorate accessor ${String(context.name)}`);
    return {
      get(this: This): number {
        return target.get.call(this);
      },
      set(this: This, value: number): void {
        target.set.call(this, Math.min(value, max));
      },
      init(value: number): number {
        return Math.min(value, max);
      },
    };
  };
}

export function upper<This>(target: (this: This) => string, context: ClassGetterDecoratorContext<This, string>) {
  order.push(`decorate getter ${String(context.name)}`);
  return function (this: This): string {
    return target.call(this).toUpperCase();
  };
}

export function sealed<T extends new (...args: any[]) => object>(target: T, context: ClassDecoratorContext<T>) {
  order.push(`decorate class ${String(context.name)}`);
  context.addInitializer(function () {
    order.push(`class initializer ${this.name}`);
  });
  return class extends target {
    sealedAt = 'construction';
    constructor(...args: any[]) {
      super(...args);
      order.push('sealed subclass constructed');
    }
  };
}

@sealed
@tag('class')
export class Service {
  @doubled retries = 3;
  @clamp(10) accessor level = 42;
  @tag('static field') static version = 1;

  constructor(readonly name: string) {
    order.push(`Service ctor ${name}`);
  }

  @logged
  @tag('method')
  greet(who: string): string {
    return `${this.name} greets ${who}`;
  }

  @logged
  static make(name: string): Service {
    return new Service(name);
  }

  @upper
  get title(): string {
    return `service ${this.name}`;
  }

  @tag('setter')
  set nickname(value: string) {
    order.push(`nickname=${value}`);
  }

  @logged
  async later(n: number): Promise<number> {
    await Promise.resolve();
    return n + this.retries;
  }

  @logged
  #hidden(): string {
    return 'hidden';
  }

  reveal(): string {
    return this.#hidden();
  }
}
