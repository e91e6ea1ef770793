import { FakeSearchCluster } from '../../src/cluster';
import { ProductIndexer, SearchGateway } from '../../src/indexer';

const catalogue = [
  { sku: 'KT-100', title: 'Steel kettle', tags: ['kitchen'] },
  { sku: 'KT-101', title: 'Glass kettle', tags: ['kitchen'] },
  { sku: 'TL-201', title: 'Claw hammer', tags: ['tools'] },
  { sku: 'TL-202', title: 'Tape measure', tags: ['tools'] },
  { sku: 'GD-310', title: 'Hose reel', tags: ['garden'] },
  { sku: 'GD-311', title: 'Garden shears', tags: ['garden', 'tools'] },
];

function setup() {
  const cluster = new FakeSearchCluster();
  const gateway = new SearchGateway(cluster, 'search://primary:9200');
  return { cluster, gateway, indexer: new ProductIndexer(gateway) };
}

describe('catalogue import into search', () => {
  test('a concurrent import makes every product searchable', async () => {
    const { cluster, indexer } = setup();
    const flushed = await indexer.indexAll(catalogue);
    expect(flushed).toBe(catalogue.length);
    expect(cluster.search('kettle')).toEqual(['KT-100', 'KT-101']);
    expect(cluster.search('tools')).toEqual(['GD-311', 'TL-201', 'TL-202']);
  });

  test('shutdown after a concurrent import leaves no connection open', async () => {
    const { cluster, gateway, indexer } = setup();
    await Promise.all(catalogue.map((p) => indexer.index(p)));
    await gateway.shutdown();
    expect(cluster.openConnections).toBe(0);
  });

  test('concurrent products share one mapping read', async () => {
    const { cluster, gateway } = setup();
    const mappings = await Promise.all([1, 2, 3, 4].map(() => gateway.mappingFor('products')));
    expect(new Set(mappings).size).toBe(1);
    expect(cluster.mappingReads).toBe(1);
  });

  test('bad products in a concurrent batch are refused on their own', async () => {
    const { indexer } = setup();
    const results = await Promise.allSettled([
      indexer.index({ sku: 'bad', title: 'Nameless' }),
      indexer.index({ sku: 'TL-299', title: '   ' }),
      indexer.index({ sku: 'oops', title: 'Broken' }),
    ]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected', 'rejected']);
  });

  test('after a warm-up, concurrent products reuse the open connection', async () => {
    const { cluster, gateway, indexer } = setup();
    await indexer.index(catalogue[0]);
    await Promise.all(catalogue.slice(1).map((p) => indexer.index(p)));
    expect(await gateway.flush()).toBe(catalogue.length);
    expect(cluster.connectsStarted).toBe(1);
  });
});
