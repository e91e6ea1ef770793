import { fsStack, listeners, source, recursion, messages } from './src/gaps.ts';

console.log(`listeners: ${listeners()}`);
console.log(`toString: ${source()}`);
console.log(`recursion: ${recursion(9000)}`);
console.log(`messages: ${(await messages()).join(' | ')}`);
console.log(`fsStack: ${fsStack()}`);
