// Entry loaded by Node's own CommonJS loader: every require() below goes through
// require.extensions, so the sloppy .js/.cjs files are instrumented too.
require('./main.ts');
