import { describe, expect, it } from 'vitest';
import { RateGate, SearchApi } from '../../src/api';
import { SearchBox, Suggestions, normaliseQuery } from '../../src/box';
import { SearchClient } from '../../src/client';

function setup() {
  const api = new SearchApi();
  const client = new SearchClient(api);
  return { api, client, box: new SearchBox(new Suggestions(client)) };
}

describe('search box', () => {
  it('normalises what was typed', () => {
    expect(normaliseQuery('  Key   Ring ')).toBe('key ring');
  });

  it('shows the hits for a query', async () => {
    const { box } = setup();
    await box.type('KET');
    expect(box.showing).toBe('ket');
    expect(box.hits).toEqual(['kettle', 'kettlebell', 'ketchup']);
  });

  it('a one-letter query shows nothing and searches nothing', async () => {
    const { box, api } = setup();
    await box.type('k');
    expect(box.showing).toBeUndefined();
    expect(api.started).toBe(0);
  });

  it('queries typed one after another each show their hits', async () => {
    const { box, api } = setup();
    for (const text of ['la', 'lap', 'lat']) {
      await box.type(text);
      expect(box.showing).toBe(text);
    }
    expect(api.completed).toBe(3);
    expect(box.renders).toBe(3);
  });

  it('a cancelled search shows nothing and is not an error', async () => {
    const { box, client, api } = setup();
    const typing = box.type('kiwi');
    client.cancel();
    await typing;
    expect(box.showing).toBeUndefined();
    expect(box.error).toBeUndefined();
    expect(api.completed).toBe(0);
  });

  it('the gate lets a lone caller through at once', async () => {
    const gate = new RateGate(50);
    const start = Date.now();
    await gate.pass();
    expect(Date.now() - start).toBeLessThan(40);
  });
});
