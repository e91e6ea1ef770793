// Sloppy-mode CommonJS (no "use strict"): writes to frozen objects fail silently, assignments to
// undeclared names create globals, `this` in plain calls is the global object, `arguments` is
// aliased to the parameters, `with`, octal literals, block-level functions (Annex B),
// duplicate parameter names, arguments.callee, delete of an unqualified name.
var frozen = Object.freeze({ a: 1, inner: { b: 2 } });
var sealed = Object.seal({ s: 1 });
var nonWritable = {};
Object.defineProperty(nonWritable, 'fixed', { value: 'fixed', writable: false });

function writeFrozen() {
  frozen.a = 2;
  frozen.added = 3;
  frozen.inner.b = 20;
  sealed.s = 5;
  sealed.newProp = 6;
  nonWritable.fixed = 'changed';
  delete frozen.a;
  'text'.length = 1;
  return [frozen.a, frozen.added, frozen.inner.b, sealed.s, sealed.newProp, nonWritable.fixed];
}

function implicitGlobal() {
  leakedGlobal = 41;
  leakedGlobal++;
  return typeof globalThis.leakedGlobal + ':' + globalThis.leakedGlobal;
}

function whoIsThis() {
  return this === globalThis;
}

function aliased(a, b) {
  arguments[0] = 'changed';
  b = 'also';
  return [a, arguments[1], arguments.length, typeof arguments.callee];
}

function withStatement() {
  var scope = { x: 1, y: 2 };
  var result;
  with (scope) {
    result = x + y;
    x = 10;
  }
  return [result, scope.x];
}

function octal() {
  return [010, 0o10, '\101'];
}

function annexB() {
  var before = typeof blockFn;
  {
    function blockFn() {
      return 'block';
    }
  }
  return [before, typeof blockFn, blockFn()];
}

function duplicateParams(a, a) {
  return a;
}

function deleteName() {
  globalThis.toDelete = 1;
  var deleted = delete toDelete;
  return [deleted, typeof toDelete];
}

module.exports = { writeFrozen, implicitGlobal, whoIsThis, aliased, withStatement, octal, annexB, duplicateParams, deleteName };
