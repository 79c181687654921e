// The textkit playground: sends the text, options and shapes to POST /layout, draws the answer
// (the layout JSON) with the engine's own glyphs (outlines from GET /glyphs, placed with <use>
// at each glyph's position), and reflows live while shapes are drawn and dragged.
import {
  attachPointerHandlers, bounds, circle, makeShape, mapPoints, parsePathData, pathData, star,
} from './drawing.js';

const SVG = 'http://www.w3.org/2000/svg';
const $ = (id) => document.getElementById(id);
const clientId = crypto.randomUUID ? crypto.randomUUID() : String(Math.random()).slice(2);

const state = {
  shapes: [],
  selected: null,
  layout: null,       // the last layout JSON
  layoutText: '',     // …as received, for the JSON download
  inFlight: false,    // a layout request is on its way
  pending: false,     // something changed since it was sent: send again when it returns
  layoutCount: 0,
  glyphs: new Map(),  // "hash-face" → Set of glyph ids defined in #glyphDefs
};

// For tests and the curious: window.textkitPlayground.
window.textkitPlayground = {
  get layoutCount() { return state.layoutCount; },
  get idle() { return !state.inFlight && !state.pending; },
  get layout() { return state.layout; },
  get shapes() { return state.shapes; },
};

// MARK: - Requests

/** The layout request of the current controls and shapes (docs/serve.md). */
function layoutRequest() {
  const number = (id) => Number($(id).value);
  const request = {
    text: $('text').value, width: number('width'), height: number('height'), inset: number('inset'),
    size: number('size'), columns: number('columns'), gutter: number('gutter'), align: $('align').value,
    breaking: $('breaking').value, lineHeight: number('lineHeight'), hyphenate: $('hyphenate').checked,
    exclusions: state.shapes.map((shape) => {
      const entry = { path: pathData(shape), margin: shape.margin, wrap: shape.wrap, fillRule: shape.fillRule };
      if (shape.kind === 'band') entry.stroke = shape.width;
      return entry;
    }),
  };
  if ($('language').value.trim()) request.language = $('language').value.trim();
  if ($('font').value.trim()) request.font = $('font').value.trim();
  return request;
}

async function post(path, body) {
  return fetch(path, {
    method: 'POST', body: JSON.stringify(body),
    headers: { 'Content-Type': 'application/json', 'TextKit-Client': clientId },
  });
}

/** Asks for a layout; while one is on its way, only the latest state is sent after it (latest wins). */
function scheduleLayout() {
  state.pending = true;
  if (!state.inFlight) sendLayout();
}

async function sendLayout() {
  state.pending = false;
  state.inFlight = true;
  const request = layoutRequest();
  const started = performance.now();
  try {
    const response = await post('/layout', request);
    const text = await response.text();
    if (!response.ok) {
      showError(response.status, text);
    } else {
      const layout = JSON.parse(text);
      await defineGlyphs(layout);
      const spans = $('showSpans').checked && !state.pending ? await fetchSpans(request) : null;
      if (!state.pending) {
        state.layout = layout;
        state.layoutText = text;
        const drawStart = performance.now();
        render(layout, spans);
        const drawn = performance.now() - drawStart;
        showError(0);
        const server = Number(response.headers.get('TextKit-Layout-Milliseconds'));
        const glyphCount = layout.pages.flatMap((p) => p.containers).flatMap((c) => c.lines)
          .flatMap((l) => l.fragments).reduce((n, f) => n + f.glyphs.length, 0);
        const lines = response.headers.get('TextKit-Lines-Laid-Out');
        const shaped = response.headers.get('TextKit-Paragraphs-Shaped');
        $('status').textContent = `layout ${server.toFixed(1)} ms on the server (${lines} lines laid out, `
          + `${shaped} paragraphs shaped) · round trip `
          + `${(performance.now() - started).toFixed(0)} ms · drawn in ${drawn.toFixed(0)} ms · ${layout.pages.length} page`
          + `${layout.pages.length === 1 ? '' : 's'} · ${glyphCount} glyphs`
          + (layout.overflow ? ` · overflow from character ${layout.overflow.start}` : '');
        state.layoutCount += 1;
      }
    }
  } catch (error) {
    showError(-1, String(error));
  }
  state.inFlight = false;
  if (state.pending) sendLayout();
}

async function fetchSpans(request) {
  const response = await post('/spans', request);
  return response.ok ? (await response.json()).spans : null;
}

function showError(status, text = '') {
  const box = $('error');
  if (status === 0) { box.hidden = true; return; }
  let message = text;
  try {
    const body = JSON.parse(text);
    message = body.error + (body.at ? `\n(at ${body.at})` : '');
  } catch { /* not JSON: shown as is */ }
  box.textContent = `${status > 0 ? status + ': ' : ''}${message}`;
  box.hidden = false;
}

/** Fetches the outlines of the glyphs of `layout` not yet defined, into #glyphDefs. */
async function defineGlyphs(layout) {
  const wanted = new Map();
  for (const page of layout.pages) for (const container of page.containers) for (const line of container.lines) {
    for (const fragment of line.fragments) for (const [id, font] of fragment.glyphs) {
      const f = layout.fonts[font];
      const key = `${f.fileHash}-${f.faceIndex}`;
      const known = state.glyphs.get(key);
      if (known?.has(id)) continue;
      if (!wanted.has(key)) wanted.set(key, { font: f, ids: new Set() });
      wanted.get(key).ids.add(id);
    }
  }
  const defs = $('glyphDefs').querySelector('defs');
  for (const [key, { font, ids }] of wanted) {
    const list = [...ids];
    for (let i = 0; i < list.length; i += 4000) {
      const query = `font=${font.fileHash}&face=${font.faceIndex}&ids=${list.slice(i, i + 4000).join(',')}`;
      const response = await fetch(`/glyphs?${query}`);
      if (!response.ok) continue;
      const answer = await response.json();
      let markup = '';
      for (const [id, d] of Object.entries(answer.glyphs)) markup += `<path id="g-${key}-${id}" d="${d}"/>`;
      defs.insertAdjacentHTML('beforeend', markup);
      if (!state.glyphs.has(key)) state.glyphs.set(key, new Set());
      for (const id of Object.keys(answer.glyphs)) state.glyphs.get(key).add(Number(id));
    }
  }
}

// MARK: - Drawing the layout

function pageElement(index) {
  const host = $('pages');
  while (host.children.length <= index) {
    const svg = document.createElementNS(SVG, 'svg');
    svg.setAttribute('class', 'page');
    for (const layer of ['spans', 'glyphs', 'overlays', 'shapes']) {
      const g = document.createElementNS(SVG, 'g');
      g.setAttribute('class', layer);
      svg.appendChild(g);
    }
    attachPointerHandlers(svg, pointerHost);
    host.appendChild(svg);
    visibility.observe(svg);
  }
  return host.children[index];
}

// Pages far from the viewport get their glyphs when scrolled near: a drag on a long document
// redraws only the pages one can see.
const visibility = new IntersectionObserver((entries) => {
  for (const entry of entries) {
    entry.target.visible = entry.isIntersecting;
    if (entry.isIntersecting) drawPending(entry.target);
  }
}, { rootMargin: '600px 0px' });

function drawPending(svg) {
  if (!svg.pending) return;
  svg.querySelector('.glyphs').innerHTML = svg.pending.glyphs;
  svg.querySelector('.overlays').innerHTML = svg.pending.overlays;
  svg.pending = null;
}

function render(layout, spans) {
  const host = $('pages');
  while (host.children.length > layout.pages.length) host.lastChild.remove();
  const overlaysKey = ['showFragments', 'showBaselines'].map((id) => $(id).checked).join();
  layout.pages.forEach((page, index) => {
    const svg = pageElement(index);
    // A drag on a long document changes few pages: the others keep their drawing.
    const key = JSON.stringify(page) + overlaysKey + JSON.stringify(layout.fonts);
    const pageSpans = (spans ?? []).filter((s) => s[0] === index);
    svg.querySelector('.spans').innerHTML = pageSpans
      .map(([, x, y, w, h]) => `<rect class="span" x="${x}" y="${y + 0.5}" width="${w}" height="${Math.max(0, h - 1)}"/>`).join('');
    if (svg.drawnKey === key) return;
    svg.drawnKey = key;
    svg.setAttribute('viewBox', `0 0 ${page.width} ${page.height}`);
    svg.setAttribute('width', page.width);
    svg.setAttribute('height', page.height);
    svg.dataset.page = index;
    let glyphs = '', overlays = '';
    for (const container of page.containers) {
      for (const line of container.lines) {
        for (const fragment of line.fragments) {
          const [fx, fy, fw, fh] = fragment.rect;
          if ($('showFragments').checked) overlays += `<rect class="fragment" x="${fx}" y="${fy}" width="${fw}" height="${fh}"/>`;
          if ($('showBaselines').checked) {
            overlays += `<line class="baseline" x1="${fx}" x2="${fx + fw}" y1="${line.baseline}" y2="${line.baseline}"/>`;
          }
          for (const [id, fontIndex, x, y, advance] of fragment.glyphs) {
            const font = layout.fonts[fontIndex];
            const s = font.size / font.unitsPerEm;
            glyphs += `<use href="#g-${font.fileHash}-${font.faceIndex}-${id}" transform="matrix(${s} 0 0 ${s} ${x} ${y})"`
              + ` data-advance="${advance}" data-font="${fontIndex}"/>`;
          }
        }
      }
    }
    svg.pending = { glyphs, overlays };
    // The first pages are drawn at once, before the observer has reported on them.
    if (svg.visible || (svg.visible === undefined && index < 2)) drawPending(svg);
  });
  drawShapes();
}

/** Draws the shapes on every page (page-level exclusions apply to every page), and the selection. */
function drawShapes() {
  for (const svg of $('pages').children) {
    const g = svg.querySelector('.shapes');
    g.textContent = '';
    g.classList.toggle('hidden-overlay', !$('showExclusions').checked);
    svg.classList.toggle('selecting', toolValue() === 'select');
    for (const shape of state.shapes) {
      const path = document.createElementNS(SVG, 'path');
      path.setAttribute('d', pathData(shape));
      path.setAttribute('class', `exclusion${shape.kind === 'band' ? ' band' : ''}${shape.id === state.selected ? ' selected' : ''}`);
      path.setAttribute('fill-rule', shape.fillRule);
      // A style, not an attribute: the stylesheet's stroke-width would win over an attribute.
      if (shape.kind === 'band') path.style.strokeWidth = shape.width;
      path.dataset.shape = shape.id;
      g.appendChild(path);
      if (shape.id === state.selected) {
        const box = bounds(shape);
        const handle = document.createElementNS(SVG, 'rect');
        handle.setAttribute('class', 'handle');
        Object.entries({ x: box.x + box.w - 4, y: box.y + box.h - 4, width: 8, height: 8 })
          .forEach(([k, v]) => handle.setAttribute(k, v));
        g.appendChild(handle);
      }
    }
  }
}

// MARK: - Shapes and controls

const toolValue = () => document.querySelector('input[name=tool]:checked').value;

const pointerHost = {
  tool: toolValue,
  strokeWidth: () => Number($('strokeWidth').value) || 24,
  shapes: () => state.shapes,
  selected: () => state.selected,
  select(id) { state.selected = id; updateShapePanel(); drawShapes(); },
  addShape(shape) { state.shapes.push(shape); this.select(shape.id); scheduleLayout(); },
  replaceShape(shape) { state.shapes = state.shapes.map((s) => (s.id === shape.id ? shape : s)); drawShapes(); },
  changed: scheduleLayout,
};

function selectedShape() { return state.shapes.find((s) => s.id === state.selected); }

function updateShapePanel() {
  const shape = selectedShape();
  $('shapePanel').disabled = !shape;
  if (!shape) return;
  $('shapeMargin').value = shape.margin;
  $('shapeWrap').value = shape.wrap;
  $('shapeFillRule').value = shape.fillRule;
}

function editSelected(change) {
  const shape = selectedShape();
  if (!shape) return;
  pointerHost.replaceShape({ ...shape, ...change });
  scheduleLayout();
}

function deleteSelected() {
  if (!state.selected) return;
  state.shapes = state.shapes.filter((s) => s.id !== state.selected);
  pointerHost.select(null);
  scheduleLayout();
}

function pageCenter() {
  return [Number($('width').value) / 2, Number($('height').value) / 2.6];
}

function addPreset(kind) {
  const [cx, cy] = pageCenter();
  if (kind === 'circle') pointerHost.addShape(makeShape('area', circle(cx, cy, 90)));
  if (kind === 'star') pointerHost.addShape(makeShape('area', star(cx, cy, 110, 45)));
  if (kind === 'ring') {
    pointerHost.addShape(makeShape('area', [...circle(cx, cy, 110), ...circle(cx, cy, 55, false)], { fillRule: 'evenodd' }));
  }
}

async function addImageContour(file) {
  const bitmap = await createImageBitmap(file);
  const scale = Math.min(220 / bitmap.width, 220 / bitmap.height);
  const [cx, cy] = pageCenter();
  const w = bitmap.width * scale, h = bitmap.height * scale;
  const query = `x=${cx - w / 2}&y=${cy - h / 2}&width=${w}&height=${h}&threshold=0.5`;
  const response = await fetch(`/contour?${query}`, { method: 'POST', body: file });
  const text = await response.text();
  if (!response.ok) { showError(response.status, text); return; }
  pointerHost.addShape(makeShape('area', parsePathData(JSON.parse(text).path), { fillRule: 'evenodd' }));
}

function download(name, blob) {
  const link = document.createElement('a');
  link.href = URL.createObjectURL(blob);
  link.download = name;
  link.click();
  setTimeout(() => URL.revokeObjectURL(link.href), 1000);
}

async function downloadDrawing(format) {
  const show = ['exclusions', 'fragments', 'baselines', 'spans'].filter((name) =>
    $(`show${name[0].toUpperCase()}${name.slice(1)}`).checked);
  const response = await post(`/render?format=${format}&show=${show.join(',')}`, layoutRequest());
  if (!response.ok) { showError(response.status, await response.text()); return; }
  download(`textkit-layout.${format}`, await response.blob());
}

let lastCommand = null;
async function copyCommand() {
  const response = await post('/cli', layoutRequest());
  if (!response.ok) { showError(response.status, await response.text()); return; }
  lastCommand = await response.json();
  $('command').textContent = lastCommand.command;
  $('command').hidden = false;
  $('commandFiles').hidden = false;
  try { await navigator.clipboard.writeText(lastCommand.command); } catch { /* shown instead */ }
}

function bindControls() {
  const relayout = ['text', 'font', 'size', 'lineHeight', 'align', 'breaking', 'hyphenate', 'language', 'width',
    'height', 'inset', 'columns', 'gutter'];
  for (const id of relayout) $(id).addEventListener('input', scheduleLayout);
  $('pageSize').addEventListener('change', () => {
    const value = $('pageSize').value;
    if (value === 'custom') return;
    const [w, h] = value.split('x');
    $('width').value = w;
    $('height').value = h;
    scheduleLayout();
  });
  for (const id of ['showFragments', 'showBaselines', 'showSpans']) $(id).addEventListener('change', scheduleLayout);
  $('showExclusions').addEventListener('change', drawShapes);
  for (const input of document.querySelectorAll('input[name=tool]')) input.addEventListener('change', drawShapes);
  $('presetCircle').addEventListener('click', () => addPreset('circle'));
  $('presetStar').addEventListener('click', () => addPreset('star'));
  $('presetRing').addEventListener('click', () => addPreset('ring'));
  $('imageFile').addEventListener('change', () => { if ($('imageFile').files[0]) addImageContour($('imageFile').files[0]); });
  $('shapeMargin').addEventListener('input', () => editSelected({ margin: Math.max(0, Number($('shapeMargin').value)) }));
  $('shapeWrap').addEventListener('change', () => editSelected({ wrap: $('shapeWrap').value }));
  $('shapeFillRule').addEventListener('change', () => editSelected({ fillRule: $('shapeFillRule').value }));
  $('deleteShape').addEventListener('click', deleteSelected);
  $('clearShapes').addEventListener('click', () => { state.shapes = []; pointerHost.select(null); scheduleLayout(); });
  $('downloadJSON').addEventListener('click', () => download('layout.json', new Blob([state.layoutText], { type: 'application/json' })));
  $('downloadSVG').addEventListener('click', () => downloadDrawing('svg'));
  $('downloadPDF').addEventListener('click', () => downloadDrawing('pdf'));
  $('copyCommand').addEventListener('click', copyCommand);
  $('downloadText').addEventListener('click', () => download('text.txt', new Blob([$('text').value], { type: 'text/plain' })));
  $('downloadExclusions').addEventListener('click', () => {
    if (lastCommand) download('exclusions.svg', new Blob([lastCommand.svg], { type: 'image/svg+xml' }));
  });
  document.addEventListener('keydown', (event) => {
    const typing = ['INPUT', 'TEXTAREA', 'SELECT'].includes(document.activeElement?.tagName);
    if (!typing && (event.key === 'Delete' || event.key === 'Backspace')) { deleteSelected(); event.preventDefault(); }
    if (!typing && event.key.startsWith('Arrow') && selectedShape()) {
      const step = event.shiftKey ? 10 : 1;
      const [dx, dy] = { ArrowLeft: [-step, 0], ArrowRight: [step, 0], ArrowUp: [0, -step], ArrowDown: [0, step] }[event.key];
      pointerHost.replaceShape(mapPoints(selectedShape(), ([x, y]) => [x + dx, y + dy]));
      scheduleLayout();
      event.preventDefault();
    }
  });
}

async function start() {
  bindControls();
  $('text').value = await (await fetch('default-text.txt')).text();
  scheduleLayout();
}

start();
