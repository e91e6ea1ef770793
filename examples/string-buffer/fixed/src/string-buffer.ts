import { Mutex } from 'async-mutex';

/** Java's StringIndexOutOfBoundsException. */
export class StringIndexOutOfBoundsError extends RangeError {
  constructor(message: string) {
    super(message);
    this.name = 'StringIndexOutOfBoundsError';
  }
}

/**
 * java.lang.StringBuffer (JDK 1.4): a character array `value` of which the first `count` characters
 * are the contents. Every public method is `synchronized`: its body runs under the buffer's mutex.
 */
export class StringBuffer {
  private value: string[];
  private count: number;
  private readonly lock = new Mutex();

  constructor(str = '') {
    this.value = str.split('');
    this.count = this.value.length;
  }

  async length(): Promise<number> {
    return this.lock.runExclusive(() => this.count);
  }

  async charAt(index: number): Promise<string> {
    return this.lock.runExclusive(() => {
      if (index < 0 || index >= this.count) throw new StringIndexOutOfBoundsError(`index ${index}, length ${this.count}`);
      return this.value[index];
    });
  }

  /** Copies characters [srcBegin, srcEnd) into dst starting at dstBegin. */
  async getChars(srcBegin: number, srcEnd: number, dst: string[], dstBegin: number): Promise<void> {
    await this.lock.runExclusive(() => {
      if (srcBegin < 0) throw new StringIndexOutOfBoundsError(`String index out of range: ${srcBegin}`);
      if (srcEnd < 0 || srcEnd > this.count) throw new StringIndexOutOfBoundsError(`String index out of range: ${srcEnd}`);
      if (srcBegin > srcEnd) throw new StringIndexOutOfBoundsError('srcBegin > srcEnd');
      for (let i = srcBegin; i < srcEnd; i++) dst[dstBegin + i - srcBegin] = this.value[i];
    });
  }

  /** Shortens (the dropped characters stay in `value`, unused) or pads with '\0'. */
  async setLength(newLength: number): Promise<void> {
    await this.lock.runExclusive(() => {
      if (newLength < 0) throw new StringIndexOutOfBoundsError(`String index out of range: ${newLength}`);
      for (let i = this.count; i < newLength; i++) this.value[i] = '\0';
      this.count = newLength;
    });
  }

  /**
   * `synchronized StringBuffer append(StringBuffer sb)`, fixed: sb's length and characters are read
   * together in one lock region of sb (`sb.substring(0)`), so no other task can shorten sb in between.
   */
  async append(sb: StringBuffer): Promise<this> {
    // Java's monitors are reentrant, so sb.append(sb) works there; async-mutex would deadlock.
    if (sb === this) throw new TypeError('append(this) is not supported');
    return this.lock.runExclusive(async () => {
      const chars = await sb.substring(0);
      const len = chars.length;
      const newcount = this.count + len;
      for (let i = 0; i < len; i++) this.value[this.count + i] = chars[i];
      this.count = newcount;
      return this;
    });
  }

  /** Removes the characters [start, end) (end is clipped to the length). */
  async delete(start: number, end: number): Promise<this> {
    return this.lock.runExclusive(() => {
      if (end > this.count) end = this.count;
      if (start < 0 || start > end) throw new StringIndexOutOfBoundsError(`start ${start}, end ${end}, length ${this.count}`);
      const len = end - start;
      for (let i = start; i + len < this.count; i++) this.value[i] = this.value[i + len];
      this.count -= len;
      return this;
    });
  }

  /** The characters [start, end) as a string; end defaults to the length. */
  async substring(start: number, end?: number): Promise<string> {
    return this.lock.runExclusive(() => {
      const stop = end ?? this.count;
      if (start < 0 || stop > this.count || start > stop) {
        throw new StringIndexOutOfBoundsError(`start ${start}, end ${stop}, length ${this.count}`);
      }
      return this.value.slice(start, stop).join('');
    });
  }
}
