'use strict';

function parseVersion(v) {
  return v.split('.').map(Number);
}

function compareVersions(a, b) {
  const x = parseVersion(a);
  const y = parseVersion(b);
  for (let i = 0; i < 3; i++) if (x[i] !== y[i]) return x[i] - y[i];
  return 0;
}

/** Supports "^M" / "^M.m" (same major) and exact versions. */
function satisfies(version, range) {
  if (range[0] !== '^') return version === range;
  const want = parseVersion(range.slice(1));
  const have = parseVersion(version);
  if (have[0] !== want[0]) return false;
  return want.length < 2 || have[1] > want[1] || (have[1] === want[1] && (want[2] || 0) <= have[2]);
}

function pickVersion(meta, range) {
  const matching = meta.versions.filter(function (v) {
    return satisfies(v, range);
  });
  if (matching.length === 0) throw new Error('no version of ' + meta.name + ' matches ' + range);
  return matching.sort(compareVersions)[matching.length - 1];
}

function Resolver(registry) {
  this.registry = registry;
  this.cache = new Map();
}

Resolver.prototype.resolve = function (name, range) {
  const self = this;
  if (!self.cache.has(name)) {
    const request = self.registry.metadata(name);
    self.cache.set(name, request);
    request.catch(function () {
      if (self.cache.get(name) === request) self.cache.delete(name);
    });
  }
  return self.cache.get(name).then(function (meta) {
    return pickVersion(meta, range);
  });
};

Resolver.prototype.resolveAll = function (deps) {
  const self = this;
  const names = Object.keys(deps).sort();
  return Promise.all(
    names.map(function (name) {
      return self.resolve(name, deps[name]);
    }),
  ).then(function (versions) {
    const out = {};
    names.forEach(function (name, i) {
      out[name] = versions[i];
    });
    return out;
  });
};

module.exports = { Resolver, compareVersions, satisfies, pickVersion };
