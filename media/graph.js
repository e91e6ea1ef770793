// Call graph webview (src/extension/graph-view.ts): draws the laid-out graph as SVG, pans with a
// drag, zooms with the wheel around the pointer, opens a function on click. No inline handlers
// (strict CSP): everything is wired here.
(function () {
  const vscode = acquireVsCodeApi();
  const NS = 'http://www.w3.org/2000/svg';
  const svg = document.getElementById('graph');
  const status = document.getElementById('status');
  let view = { x: 0, y: 0, w: 100, h: 100 };
  let graph = null;

  function el(name, attrs, parent) {
    const node = document.createElementNS(NS, name);
    for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, String(v));
    if (parent) parent.appendChild(node);
    return node;
  }

  function apply() {
    svg.setAttribute('viewBox', `${view.x} ${view.y} ${view.w} ${view.h}`);
  }

  function fit() {
    if (!graph) return;
    const box = svg.getBoundingClientRect();
    const aspect = box.width > 0 && box.height > 0 ? box.width / box.height : 1.5;
    let w = graph.width + 20;
    let h = graph.height + 20;
    if (w / h < aspect) w = h * aspect;
    else h = w / aspect;
    view = { x: (graph.width - w) / 2, y: (graph.height - h) / 2, w, h };
    apply();
  }

  function shorten(name, max) {
    return name.length > max ? `${name.slice(0, max - 1)}…` : name;
  }

  function draw(data) {
    graph = data;
    while (svg.firstChild) svg.removeChild(svg.firstChild);
    const defs = el('defs', {}, svg);
    const marker = el('marker', { id: 'arrow', viewBox: '0 0 10 10', refX: 10, refY: 5, markerWidth: 7, markerHeight: 7, orient: 'auto-start-reverse' }, defs);
    el('path', { d: 'M 0 0 L 10 5 L 0 10 z', class: 'arrow' }, marker);
    const byId = new Map(data.nodes.map((n) => [n.id, n]));
    const edges = el('g', { class: 'edges' }, svg);
    for (const e of data.edges) {
      const a = byId.get(e.from);
      const b = byId.get(e.to);
      if (!a || !b) continue;
      const x1 = a.x + data.nodeWidth / 2;
      const y1 = a.y + data.nodeHeight;
      const x2 = b.x + data.nodeWidth / 2;
      const y2 = b.y;
      const up = y2 <= y1;
      const bend = up ? 60 : (y2 - y1) / 2;
      const d = up ? `M ${x1} ${y1} C ${x1 + bend} ${y1 + bend}, ${x2 + bend} ${y2 - bend}, ${x2} ${y2}` : `M ${x1} ${y1} C ${x1} ${y1 + bend}, ${x2} ${y2 - bend}, ${x2} ${y2}`;
      el('path', { d, class: `edge${a.rank || b.rank ? ' edge-ranked' : ''}`, 'marker-end': 'url(#arrow)' }, edges);
    }
    const nodes = el('g', { class: 'nodes' }, svg);
    for (const n of data.nodes) {
      const classes = ['node', n.className];
      if (n.rank) classes.push('suspicious');
      if (n.rank && n.rank <= 3) classes.push('top');
      if (n.confirmed) classes.push('confirmed');
      const g = el('g', { class: classes.join(' '), transform: `translate(${n.x} ${n.y})`, 'data-id': n.id, tabindex: 0, role: 'button' }, nodes);
      const title = el('title', {}, g);
      title.textContent = `${n.name}\n${n.file}:${n.line}\ndepth ${n.depth === null ? 'unreachable' : n.depth}${n.flags ? `\nfailure flag (${n.flags.EN},${n.flags.EX})` : ''}${n.rank ? `\n#${n.rank} suspicious${n.confirmed ? ' (confirmed)' : ''}` : ''}`;
      el('rect', { width: data.nodeWidth, height: data.nodeHeight, rx: 6 }, g);
      const label = el('text', { x: 10, y: data.nodeHeight / 2 + 4 }, g);
      label.textContent = shorten(n.name, n.rank ? 19 : 24);
      if (n.rank) {
        const badge = el('text', { x: data.nodeWidth - 8, y: data.nodeHeight / 2 + 4, class: 'rank', 'text-anchor': 'end' }, g);
        badge.textContent = `#${n.rank}`;
      }
    }
    status.textContent = `${data.nodes.length} functions, ${data.edges.length} calls`;
    fit();
  }

  function open(target) {
    const g = target instanceof Element ? target.closest('g.node') : null;
    if (g) vscode.postMessage({ type: 'open', id: g.getAttribute('data-id') });
    return !!g;
  }

  // Pan: drag on the background (a click on a node opens it instead).
  let drag = null;
  svg.addEventListener('pointerdown', (event) => {
    if (event.target instanceof Element && event.target.closest('g.node')) return;
    drag = { x: event.clientX, y: event.clientY, view: { ...view } };
    svg.setPointerCapture(event.pointerId);
    svg.classList.add('panning');
  });
  svg.addEventListener('pointermove', (event) => {
    if (!drag) return;
    const box = svg.getBoundingClientRect();
    const scale = view.w / box.width;
    view.x = drag.view.x - (event.clientX - drag.x) * scale;
    view.y = drag.view.y - (event.clientY - drag.y) * scale;
    apply();
  });
  const stop = () => {
    drag = null;
    svg.classList.remove('panning');
  };
  svg.addEventListener('pointerup', stop);
  svg.addEventListener('pointercancel', stop);
  svg.addEventListener('click', (event) => open(event.target));
  svg.addEventListener('keydown', (event) => {
    if (event.key === 'Enter' || event.key === ' ') open(event.target);
  });
  // Zoom around the pointer.
  svg.addEventListener(
    'wheel',
    (event) => {
      event.preventDefault();
      const box = svg.getBoundingClientRect();
      const factor = Math.exp(event.deltaY * 0.0015);
      const px = view.x + ((event.clientX - box.left) / box.width) * view.w;
      const py = view.y + ((event.clientY - box.top) / box.height) * view.h;
      view = { x: px - (px - view.x) * factor, y: py - (py - view.y) * factor, w: view.w * factor, h: view.h * factor };
      apply();
    },
    { passive: false },
  );
  document.getElementById('fit').addEventListener('click', fit);
  window.addEventListener('resize', fit);
  window.addEventListener('message', (event) => {
    if (event.data && event.data.type === 'graph') draw(event.data);
  });
  vscode.postMessage({ type: 'ready' });
})();
