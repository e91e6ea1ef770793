export const site = {
  '/': { links: ['/a', '/b', '/c'] },
  '/a': { links: ['/', '/a1', '/a2'], ms: 6 },
  '/b': { links: ['/b1'] },
  '/c': { links: [], ms: 1 },
  '/a1': { links: ['/a'] },
  '/a2': { links: [] },
  '/b1': { links: ['/deep'] },
  '/deep': { links: [] },
};
