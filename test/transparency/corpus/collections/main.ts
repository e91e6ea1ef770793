import * as c from './src/collections.ts';

const show = (label: string, value: unknown) =>
  console.log(label, JSON.stringify(value, (_k, v) => (v instanceof Map || v instanceof Set ? [...v] : v)));

const inv = new c.Inventory();
show('inventory add', [inv.add('apple'), inv.add('apple', 2), inv.add('banana')]);
show('inventory remove', [inv.remove('apple'), inv.remove('cherry'), inv.items, inv.tags, inv.history]);
show('inventory reset', [inv.reset(), inv.items, inv.history]);
show('arrayOps', c.arrayOps());
show('mapSetOps', c.mapSetOps());
show('lookAlikes', c.lookAlikes());
show('frozenCollections', c.frozenCollections());
show('typedAndArrayLike', c.typedAndArrayLike());
show('subclasses', c.subclasses());
show('throwingGetters', c.throwingGetters());
show('collectionReads', c.collectionReads());
show('lookAlikeReads', c.lookAlikeReads());
show('dates', c.dates());
show('nativeIteration', c.nativeIteration());
