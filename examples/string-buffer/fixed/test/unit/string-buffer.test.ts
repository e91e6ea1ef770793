import { test } from 'node:test';
import assert from 'node:assert/strict';
import { StringBuffer, StringIndexOutOfBoundsError } from '../../src/string-buffer.ts';

const words = ['', 'a', 'ab', 'abc', 'Hello, ', 'world', 'concurrency'];

test('a new buffer holds its initial string', async () => {
  for (const word of words) {
    const sb = new StringBuffer(word);
    assert.equal(await sb.length(), word.length);
    assert.equal(await sb.substring(0), word);
  }
  assert.equal(await new StringBuffer().length(), 0);
});

test('charAt reads one character and checks the index', async () => {
  for (const word of words) {
    const sb = new StringBuffer(word);
    for (let i = 0; i < word.length; i++) assert.equal(await sb.charAt(i), word[i]);
    await assert.rejects(sb.charAt(word.length), StringIndexOutOfBoundsError);
  }
});

test('getChars copies a range into an array', async () => {
  for (const word of words) {
    const sb = new StringBuffer(word);
    for (let begin = 0; begin <= word.length; begin++) {
      const dst: string[] = ['>'];
      await sb.getChars(begin, word.length, dst, 1);
      assert.equal(dst.join(''), `>${word.slice(begin)}`);
    }
  }
});

test('getChars refuses a range past the length', async () => {
  for (const word of words) {
    const sb = new StringBuffer(word);
    await assert.rejects(sb.getChars(0, word.length + 1, [], 0), StringIndexOutOfBoundsError);
    await assert.rejects(sb.getChars(-1, word.length, [], 0), StringIndexOutOfBoundsError);
  }
});

test('append copies another buffer onto the end', async () => {
  for (const first of words) {
    for (const second of words) {
      const sb1 = new StringBuffer(first);
      const sb2 = new StringBuffer(second);
      assert.equal(await sb1.append(sb2), sb1);
      assert.equal(await sb1.length(), first.length + second.length);
      assert.equal(await sb1.substring(0), first + second);
      assert.equal(await sb2.substring(0), second);
    }
  }
});

test('append of the buffer itself is refused', async () => {
  const sb = new StringBuffer('abc');
  await assert.rejects(sb.append(sb), TypeError);
  assert.equal(await sb.substring(0), 'abc');
});

test('setLength shortens and pads', async () => {
  for (const word of words) {
    for (let n = 0; n <= word.length; n++) {
      const sb = new StringBuffer(word);
      await sb.setLength(n);
      assert.equal(await sb.length(), n);
      assert.equal(await sb.substring(0), word.slice(0, n));
    }
    const sb = new StringBuffer(word);
    await sb.setLength(word.length + 2);
    assert.equal(await sb.substring(0), `${word}\0\0`);
  }
});

test('setLength(0) then append starts afresh', async () => {
  const sb1 = new StringBuffer('Hello, ');
  const sb2 = new StringBuffer('world');
  await sb2.setLength(0);
  await sb1.append(sb2);
  assert.equal(await sb1.substring(0), 'Hello, ');
  await sb2.append(new StringBuffer('there'));
  await sb1.append(sb2);
  assert.equal(await sb1.substring(0), 'Hello, there');
});

test('delete removes a range', async () => {
  for (const word of words) {
    for (let start = 0; start <= word.length; start++) {
      for (const end of [start, start + 1, word.length, word.length + 3]) {
        if (end < start) continue;
        const sb = new StringBuffer(word);
        await sb.delete(start, end);
        assert.equal(await sb.substring(0), word.slice(0, start) + word.slice(Math.min(end, word.length)));
      }
    }
  }
});

test('substring reads a range and checks it', async () => {
  const sb = new StringBuffer('concurrency');
  assert.equal(await sb.substring(3), 'currency');
  assert.equal(await sb.substring(0, 3), 'con');
  assert.equal(await sb.substring(4, 4), '');
  await assert.rejects(sb.substring(2, 20), StringIndexOutOfBoundsError);
  await assert.rejects(sb.substring(5, 4), StringIndexOutOfBoundsError);
});
