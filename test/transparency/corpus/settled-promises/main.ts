import * as s from './src/settled.ts';

const show = (label: string, value: unknown) => console.log(label, JSON.stringify(value));

show('values', await s.values());
show('thenables', await s.thenables());
show('identity', s.identity());
show('rejections', await s.rejections());
show('shadowed', s.shadowed());
show('notMatched', await s.notMatched());
show('interleaved', await s.interleaved());
const permits = new s.Permits(2);
await Promise.all([permits.use(2), permits.use(2), permits.use(2)]);
show('permits peak', permits.peak);
