import { describe, expect, it } from 'vitest';
import { RateGate, SearchApi } from '../../src/api';
import { SearchBox, Suggestions } from '../../src/box';
import { SearchClient } from '../../src/client';

function setup() {
  const api = new SearchApi(20);
  const client = new SearchClient(api, new RateGate(1));
  return { api, client, box: new SearchBox(new Suggestions(client)) };
}

describe('typing fast', () => {
  it('the box ends up showing the suggestions for the last text typed', async () => {
    const { box } = setup();
    await Promise.all([box.type('ke'), box.type('ket'), box.type('kett')]);
    expect(box.showing).toBe('kett');
    expect(box.hits).toEqual(['kettle', 'kettlebell']);
  });

  it('two boxes typing at once each show their own query', async () => {
    const a = setup();
    const b = setup();
    await Promise.all([a.box.type('lap'), b.box.type('key')]);
    expect([a.box.showing, b.box.showing]).toEqual(['lap', 'key']);
  });

  it('clearing the box while a search runs leaves it empty', async () => {
    const { box, api } = setup();
    await Promise.all([box.type('ketchup'), box.type('')]);
    expect(box.showing).toBeUndefined();
    expect(api.completed).toBe(0);
  });
});
