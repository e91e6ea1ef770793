import { order, Service } from './src/decorated.ts';

const flush = (label: string, value: unknown) => {
  console.log(label, JSON.stringify(value));
  if (order.length) console.log('  order:', order.join(' | '));
  order.length = 0;
};

flush('definition', Service.name);
const s = Service.make('svc');
flush('make', [s.name, s.retries, s.level, (s as unknown as { sealedAt: string }).sealedAt]);
flush('greet', s.greet('you'));
s.level = 99;
flush('level', s.level);
flush('title', s.title);
s.nickname = 'nick';
flush('nickname', Object.keys(s));
flush('later', await s.later(4));
flush('reveal', s.reveal());
flush('version', Service.version);
