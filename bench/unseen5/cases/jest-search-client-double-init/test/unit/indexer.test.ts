import { FakeSearchCluster } from '../../src/cluster';
import { ProductIndexer, SearchGateway, normaliseTags } from '../../src/indexer';

function setup() {
  const cluster = new FakeSearchCluster();
  const gateway = new SearchGateway(cluster, 'search://primary:9200');
  return { cluster, gateway, indexer: new ProductIndexer(gateway) };
}

describe('product indexer', () => {
  test('an indexed product is searchable after a flush', async () => {
    const { cluster, gateway, indexer } = setup();
    await indexer.index({ sku: 'KT-100', title: 'Steel kettle', tags: ['Kitchen'] });
    expect(cluster.search('kettle')).toEqual([]);
    expect(await gateway.flush()).toBe(1);
    expect(cluster.search('kettle')).toEqual(['KT-100']);
    expect(cluster.search('kitchen')).toEqual(['KT-100']);
  });

  test('tags are trimmed, lower-cased and de-duplicated', () => {
    expect(normaliseTags([' Garden', 'garden', '', 'Tools '])).toEqual(['garden', 'tools']);
  });

  test('a product with a bad sku is refused before any connection opens', async () => {
    const { cluster, indexer } = setup();
    await expect(indexer.index({ sku: 'kettle', title: 'Kettle' })).rejects.toThrow('bad sku kettle');
    expect(cluster.connectsStarted).toBe(0);
  });

  test('products indexed one after another share one connection and one mapping read', async () => {
    const { cluster, gateway, indexer } = setup();
    for (const sku of ['TL-201', 'TL-202', 'TL-203']) await indexer.index({ sku, title: `Hammer ${sku}`, tags: ['tools'] });
    expect(await gateway.flush()).toBe(3);
    expect(cluster.connectsStarted).toBe(1);
    expect(cluster.mappingReads).toBe(1);
    expect(cluster.search('tools')).toEqual(['TL-201', 'TL-202', 'TL-203']);
  });

  test('shutdown flushes what is buffered and closes the connection', async () => {
    const { cluster, gateway, indexer } = setup();
    await indexer.index({ sku: 'GD-310', title: 'Hose reel' });
    await gateway.shutdown();
    expect(cluster.search('hose')).toEqual(['GD-310']);
    expect(cluster.openConnections).toBe(0);
  });
});
