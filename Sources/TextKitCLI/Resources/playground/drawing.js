// Shapes of the playground and drawing them with pointer events (mouse, pen, touch).
//
// A shape is { id, kind: 'area' | 'band', commands, margin, wrap, fillRule, width }, its commands
// absolute path commands in page points: { c: 'M' | 'L' | 'C' | 'Z', pts: [[x, y], …] }.
// An 'area' excludes its filled area (an open freehand outline is closed by its chord, as Text
// Kit closes exclusion paths); a 'band' excludes the band of `width` around its stroke
// (the library's stroke outline with a round pen, as an SVG stroke of that width is imported).

const SVG = 'http://www.w3.org/2000/svg';
let nextId = 1;

/** A new shape of `kind` from `commands`. */
export function makeShape(kind, commands, options = {}) {
  return {
    id: nextId++, kind, commands,
    margin: options.margin ?? 6, wrap: options.wrap ?? 'both',
    fillRule: options.fillRule ?? 'nonzero', width: options.width ?? 24,
  };
}

/** SVG path data of `shape`, coordinates rounded to 1/100 pt. */
export function pathData(shape) {
  const n = (v) => String(Math.round(v * 100) / 100);
  return shape.commands.map(({ c, pts }) => [c, ...pts.flatMap(([x, y]) => [n(x), n(y)])].join(' ')).join(' ');
}

/** `shape` with every point mapped by `f`. */
export function mapPoints(shape, f) {
  return { ...shape, commands: shape.commands.map(({ c, pts }) => ({ c, pts: pts.map(f) })) };
}

/** The bounds of the shape's points (control points included): { x, y, w, h }. */
export function bounds(shape) {
  let minX = Infinity, minY = Infinity, maxX = -Infinity, maxY = -Infinity;
  for (const { pts } of shape.commands) {
    for (const [x, y] of pts) {
      minX = Math.min(minX, x); minY = Math.min(minY, y); maxX = Math.max(maxX, x); maxY = Math.max(maxY, y);
    }
  }
  if (minX === Infinity) return { x: 0, y: 0, w: 0, h: 0 };
  const pad = shape.kind === 'band' ? shape.width / 2 : 0;
  return { x: minX - pad, y: minY - pad, w: maxX - minX + 2 * pad, h: maxY - minY + 2 * pad };
}

/** Commands from absolute path data with M, L, C, Q and Z (what the server writes). */
export function parsePathData(d) {
  const tokens = d.match(/[MLCQZ]|-?[\d.]+(?:e[-+]?\d+)?/gi) ?? [];
  const commands = [];
  let i = 0;
  while (i < tokens.length) {
    const c = tokens[i++].toUpperCase();
    const count = { M: 1, L: 1, C: 3, Q: 2, Z: 0 }[c] ?? 0;
    const pts = [];
    for (let k = 0; k < count; k++) pts.push([Number(tokens[i++]), Number(tokens[i++])]);
    if (c === 'Q') {
      // Degree elevation: the cubic with the same curve.
      const last = commands.at(-1)?.pts.at(-1) ?? [0, 0];
      const [q, p] = pts;
      commands.push({ c: 'C', pts: [[last[0] + 2 / 3 * (q[0] - last[0]), last[1] + 2 / 3 * (q[1] - last[1])],
        [p[0] + 2 / 3 * (q[0] - p[0]), p[1] + 2 / 3 * (q[1] - p[1])], p] });
    } else {
      commands.push({ c, pts });
    }
  }
  return commands;
}

/** A circle of radius r around (cx, cy): four cubic quarter arcs. */
export function circle(cx, cy, r, clockwise = true) {
  const k = 0.5522847498 * r;
  const s = clockwise ? 1 : -1;
  return [
    { c: 'M', pts: [[cx + r, cy]] },
    { c: 'C', pts: [[cx + r, cy + s * k], [cx + k, cy + s * r], [cx, cy + s * r]] },
    { c: 'C', pts: [[cx - k, cy + s * r], [cx - r, cy + s * k], [cx - r, cy]] },
    { c: 'C', pts: [[cx - r, cy - s * k], [cx - k, cy - s * r], [cx, cy - s * r]] },
    { c: 'C', pts: [[cx + k, cy - s * r], [cx + r, cy - s * k], [cx + r, cy]] },
    { c: 'Z', pts: [] },
  ];
}

/** A five-pointed star around (cx, cy). */
export function star(cx, cy, outer, inner) {
  const commands = [];
  for (let i = 0; i < 10; i++) {
    const r = i % 2 === 0 ? outer : inner;
    const a = -Math.PI / 2 + i * Math.PI / 5;
    commands.push({ c: i === 0 ? 'M' : 'L', pts: [[cx + r * Math.cos(a), cy + r * Math.sin(a)]] });
  }
  commands.push({ c: 'Z', pts: [] });
  return commands;
}

/** Points of a freehand stroke without near-duplicates (closer than `spacing` points). */
export function thinned(points, spacing = 2) {
  const result = [];
  for (const p of points) {
    const last = result.at(-1);
    if (!last || Math.hypot(p[0] - last[0], p[1] - last[1]) >= spacing) result.push(p);
  }
  return result;
}

/** Page coordinates of a pointer event over `svg` (a page). */
export function pagePoint(svg, event) {
  const matrix = svg.getScreenCTM().inverse();
  const p = new DOMPoint(event.clientX, event.clientY).matrixTransform(matrix);
  return [p.x, p.y];
}

/**
 * Pointer interaction on the pages. `host` gives and receives state:
 * tool(), strokeWidth(), shapes(), selected(), select(id), addShape(shape), replaceShape(shape),
 * changed() (a shape moved: lay out again).
 */
export function attachPointerHandlers(svg, host) {
  let gesture = null;

  svg.addEventListener('pointerdown', (event) => {
    if (event.button !== 0) return;
    const point = pagePoint(svg, event);
    const target = event.target;
    const tool = host.tool();
    if (target.classList.contains('handle')) {
      const shape = host.shapes().find((s) => s.id === host.selected());
      if (!shape) return;
      const box = bounds(shape);
      gesture = { type: 'resize', shape, center: [box.x + box.w / 2, box.y + box.h / 2], start: point };
    } else if (tool === 'select' || target.dataset.shape) {
      const id = Number(target.dataset.shape);
      if (!id) { host.select(null); return; }
      host.select(id);
      gesture = { type: 'move', shape: host.shapes().find((s) => s.id === id), start: point };
    } else {
      host.select(null);
      gesture = { type: 'draw', kind: tool === 'stroke' ? 'band' : 'area', points: [point] };
      const preview = document.createElementNS(SVG, 'path');
      preview.setAttribute('class', 'drawing' + (gesture.kind === 'band' ? ' band' : ''));
      if (gesture.kind === 'band') preview.style.strokeWidth = host.strokeWidth();
      svg.appendChild(preview);
      gesture.preview = preview;
    }
    svg.setPointerCapture(event.pointerId);
    event.preventDefault();
  });

  svg.addEventListener('pointermove', (event) => {
    if (!gesture) return;
    const events = event.getCoalescedEvents ? event.getCoalescedEvents() : [event];
    const point = pagePoint(svg, event);
    if (gesture.type === 'draw') {
      for (const e of events.length ? events : [event]) gesture.points.push(pagePoint(svg, e));
      const d = gesture.points.map(([x, y], i) => `${i ? 'L' : 'M'}${x.toFixed(1)} ${y.toFixed(1)}`).join(' ');
      gesture.preview.setAttribute('d', d + (gesture.kind === 'area' ? ' Z' : ''));
    } else if (gesture.type === 'move') {
      const dx = point[0] - gesture.start[0], dy = point[1] - gesture.start[1];
      host.replaceShape(mapPoints(gesture.shape, ([x, y]) => [x + dx, y + dy]));
      host.changed();
    } else if (gesture.type === 'resize') {
      const [cx, cy] = gesture.center;
      const before = Math.hypot(gesture.start[0] - cx, gesture.start[1] - cy) || 1;
      const scale = Math.max(0.05, Math.hypot(point[0] - cx, point[1] - cy) / before);
      host.replaceShape(mapPoints(gesture.shape, ([x, y]) => [cx + (x - cx) * scale, cy + (y - cy) * scale]));
      host.changed();
    }
  });

  const finish = () => {
    if (!gesture) return;
    if (gesture.type === 'draw') {
      gesture.preview.remove();
      const points = thinned(gesture.points);
      const enough = gesture.kind === 'band' ? points.length >= 2 : points.length >= 3;
      if (enough) {
        const commands = points.map((p, i) => ({ c: i ? 'L' : 'M', pts: [p] }));
        if (gesture.kind === 'area') commands.push({ c: 'Z', pts: [] });
        host.addShape(makeShape(gesture.kind, commands, { width: host.strokeWidth(), margin: gesture.kind === 'band' ? 2 : 6 }));
      }
    }
    gesture = null;
  };
  svg.addEventListener('pointerup', finish);
  svg.addEventListener('pointercancel', finish);
}
