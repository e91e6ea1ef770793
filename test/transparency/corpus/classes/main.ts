import { trail, Shape, Square, Polygon, Maybe, Impostor, Lazy, Counter, derived, Anonymous, makeClass, quiet, finallyCount, arrowQuiet } from './src/shapes.ts';

const flush = (label: string, value: unknown) => {
  console.log(label, JSON.stringify(value), trail.length ? `trail=${trail.join('|')}` : '');
  trail.length = 0;
};

flush('registry', Shape.registry);
const shape = Shape.create(3);
flush('shape', [shape.describe(), shape.id, shape.reveal(), shape.label, Shape.isShape(shape), Shape.isShape({})]);
const square = Square.create(5);
flush('square', [square.describe(), square.area(), square.label, square.id, square instanceof Shape, Object.keys(square)]);
const polygon = new Polygon([3, 0, 4]);
flush('polygon', [polygon.sides, polygon.area(), polygon.lengths]);
flush('maybe', [new Maybe(true).sides, new Maybe(false).sides]);
const impostor = new Impostor();
flush('impostor', [impostor, impostor instanceof Impostor]);
try {
  new Lazy();
  flush('lazy', 'ok');
} catch (error) {
  flush('lazy error', `${(error as Error).name}: ${(error as Error).message}`);
}
const counter = new Counter(2);
const { increment } = counter;
flush('counter', [increment(), increment(), counter.count, Counter.instances]);
try {
  counter.count = -1;
} catch (error) {
  flush('counter error', `${(error as Error).name}: ${(error as Error).message}`);
}
counter.count = 10;
flush('counter set', [counter.count, increment()]);
flush('derived', derived.greet());
flush('anonymous', [new Anonymous().times(3), Anonymous.name]);
const Named = makeClass('pre');
flush('named', [String(new Named('x')), Named.name]);
flush('quiet', [quiet([1, 0, 'a']), finallyCount]);
flush('arrowQuiet', [arrowQuiet(3), arrowQuiet(-4)]);
