/**
 * colt cern.colt.list.DoubleArrayList (not synchronized): a backing array `elements` of which the
 * first `count` slots are in use. clear() only resets the count; the old values stay in the array.
 */
export class DoubleArrayList {
  private elements: number[];
  private count: number;

  constructor(values: readonly number[] = []) {
    this.elements = [...values];
    this.count = values.length;
  }

  add(element: number): void {
    this.elements[this.count] = element;
    this.count++;
  }

  size(): number {
    return this.count;
  }

  /** "You should only use this method when you are absolutely sure that the index is within bounds." */
  getQuick(index: number): number {
    return this.elements[index];
  }

  clear(): void {
    this.count = 0;
  }

  toArray(): number[] {
    return this.elements.slice(0, this.count);
  }
}
