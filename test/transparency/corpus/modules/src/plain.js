// An ES module written in JavaScript, instrumented like the TypeScript around it.
export class Timer {
  constructor(name) {
    this.name = name;
    this.laps = [];
  }

  lap(label) {
    const record = () => this.laps.push(`${this.name}:${label}`);
    record();
    return this;
  }

  async later(label) {
    await new Promise((resolve) => setImmediate(resolve));
    return this.lap(label).laps.length;
  }
}

export function usesArguments() {
  return Array.from(arguments).reverse();
}

export default function defaultExport(value = 'default') {
  return `default export ${value}`;
}
