// The base map drawn from the index: /features gives roads, areas, water and
// place names for the visible box; they are styled here by layer, kind and
// zoom (an OpenStreetMap-like palette). A zoomed-in city is thousands of
// shapes, and the page must go on answering keystrokes while it draws them:
// so the answer is parsed in a worker (features-worker.js) into typed arrays,
// and one canvas layer paints those arrays straight onto a canvas kept off
// screen, a few milliseconds a frame, copied onto its one <canvas> when whole.
// A newer view cancels an older request and an older paint.
const AREA_COLOURS = {
  water: '#aad3df', sand: '#f5e9c6', building: '#d9d0c9',
  residential: '#e0dfdf', commercial: '#f2dad9', retail: '#ffd6d1', industrial: '#ebdbe8', railway: '#e6dce6',
  construction: '#c7c7b4', park: '#c8facc', garden: '#cdebb0', forest: '#add19e', wood: '#add19e',
  grass: '#cdebb0', meadow: '#cdebb0', cemetery: '#aacbaf', pitch: '#aae0cb', golf_course: '#b5e3b5',
  playground: '#dffce2', nature_reserve: '#d6f5d6', scrub: '#c8d7ab', heath: '#d6d99f',
};
const ROADS = {
  motorway: ['#e892a2', 6], motorway_link: ['#e892a2', 3], trunk: ['#f9b29c', 5.5], trunk_link: ['#f9b29c', 3],
  primary: ['#fcd6a4', 5], primary_link: ['#fcd6a4', 3], secondary: ['#f7fabf', 4.5], secondary_link: ['#f7fabf', 3],
  tertiary: ['#ffffff', 4], tertiary_link: ['#ffffff', 3], unclassified: ['#ffffff', 3], residential: ['#ffffff', 3],
  living_street: ['#ededed', 3], road: ['#ffffff', 2.5], service: ['#ffffff', 1.8], busway: ['#ffffff', 2],
  pedestrian: ['#dddde8', 3], track: ['#996600', 1.2], footway: ['#fa8072', 1.2], path: ['#fa8072', 1.1],
  cycleway: ['#3232ff', 1.2], bridleway: ['#008000', 1.1], steps: ['#fa8072', 2], corridor: ['#fa8072', 1],
  platform: ['#bbbbbb', 2], ferry: ['#6666ff', 1.5],
};
const DASHED = new Set(['footway', 'path', 'cycleway', 'bridleway', 'track', 'steps', 'ferry', 'corridor']);
// About this long a frame on painting: a keystroke waits no longer than that for the thread.
const SLICE_MS = 4;
// Drawing is rasterised (and the clock looked at) every this many points: a few hundred
// microseconds' work, so a slice ends close to SLICE_MS.
const CHUNK_POINTS = 150;
// While the user types, painting waits: a keystroke's suggestions come first, and on a small
// machine a slice of painting beside the answer's parsing and layout is what made the slowest
// keystrokes slow. The map finishes a moment after the typing pauses.
const TYPING_PAUSE_MS = 250;
let lastKey = -Infinity;
for (const type of ['keydown', 'input']) addEventListener(type, () => { lastKey = performance.now(); }, true);

export class BaseMap {
  constructor(map) {
    this.map = map;
    // Panes keep the base map under routes and pins, and its labels above routes.
    map.createPane('base').style.zIndex = 250;
    map.createPane('labels').style.zIndex = 450;
    this.layer = new BaseLayer().addTo(map);
    this.worker = new Worker('/web/features-worker.js');
    this.worker.onmessage = event => this.received(event.data);
    this.worker.onerror = event => console.warn('base map worker:', event.message);
    this.requested = 0;
    this.timer = null;
  }

  // The first view waits like any other: a page that moves the map at once (to a search
  // result, a shared link) then loads one view, not two.
  start() {
    const later = () => { clearTimeout(this.timer); this.timer = setTimeout(() => this.load(), 120); };
    this.map.on('moveend', later);
    later();
  }

  load() {
    const b = this.map.getBounds().pad(0.25);
    const box = [b.getWest(), b.getSouth(), b.getEast(), b.getNorth()].map(v => v.toFixed(6)).join(',');
    // The worker cancels the request it was still waiting for; an answer to an older id is dropped.
    this.worker.postMessage({ id: ++this.requested, url: new URL(`/features?bbox=${box}&zoom=${this.map.getZoom()}`, location.href).href });
  }

  received(data) {
    if (data.id !== this.requested) return;
    if (data.error) { console.warn('base map:', data.error); return; }
    this.layer.setData(data);
  }
}

/// One <canvas> in the 'base' pane, painted from the worker's arrays at each new view, and the
/// place names as one block of labels in the 'labels' pane.
const BaseLayer = L.Layer.extend({
  options: { pane: 'base', padding: 0.25 },

  onAdd(map) {
    this._canvas = L.DomUtil.create('canvas', 'leaflet-zoom-animated base-canvas', this.getPane());
    this._canvas.setAttribute('aria-hidden', 'true');
    this._labels = L.DomUtil.create('div', 'base-labels', map.getPane('labels'));
    // The canvas a paint draws into, off screen: the shown one changes in one step when it is whole.
    this._back = document.createElement('canvas');
    this._shown = null;   // what the shown canvas holds: its zoom and top-left in world pixels
    this._data = null;
    this._token = 0;
  },

  onRemove() {
    this._token++;
    L.DomUtil.remove(this._canvas);
    L.DomUtil.remove(this._labels);
  },

  getEvents() {
    const events = { zoom: this._onZoom, viewreset: this._onZoom };
    if (this._map.options.zoomAnimation && L.Browser.any3d) events.zoomanim = this._onAnimZoom;
    return events;
  },

  setData(data) {
    this._data = data;
    this._paint();
  },

  // The shown canvas follows the map between paints: moved, or scaled while a zoom animates
  // and until the new view's data is painted whole (painting the old data at the new zoom
  // first would double the work while the user may be typing).
  _onAnimZoom(e) { this._place(e.center, e.zoom); },
  _onZoom() { this._place(); },

  _place(center, zoom) {
    const s = this._shown, map = this._map;
    if (!s) return;
    const z = zoom ?? map.getZoom();
    const origin = center && map._getNewPixelOrigin ? map._getNewPixelOrigin(center, z) : map.getPixelOrigin();
    const k = map.getZoomScale(z, s.zoom);
    const at = L.point(s.x * k - origin.x, s.y * k - origin.y);
    L.DomUtil.setTransform(this._canvas, at, k);
    // Names keep their size: they are hidden while the canvas is scaled, and put back by the next paint.
    this._labels.style.display = k === 1 ? '' : 'none';
    L.DomUtil.setPosition(this._labels, at);
  },

  _paint() {
    const map = this._map, data = this._data;
    if (!map || !data) return;
    const token = ++this._token;
    const size = map.getSize(), p = this.options.padding, zoom = map.getZoom();
    const topLeft = map.containerPointToLayerPoint(size.multiplyBy(-p)).round().add(map.getPixelOrigin());
    const width = Math.round(size.x * (1 + 2 * p)), height = Math.round(size.y * (1 + 2 * p));
    const ratio = window.devicePixelRatio || 1;
    const canvas = this._back;
    // Kept in memory (not on a GPU), so that reading one pixel back is cheap: that read is what
    // makes each slice pay for its own drawing (see _slice).
    const ctx = canvas.getContext('2d', { willReadFrequently: true });
    if (canvas.width !== Math.round(width * ratio) || canvas.height !== Math.round(height * ratio)) {
      canvas.width = Math.round(width * ratio);
      canvas.height = Math.round(height * ratio);
    } else {
      ctx.setTransform(1, 0, 0, 1, 0, 0);
      ctx.clearRect(0, 0, canvas.width, canvas.height);
    }
    ctx.setTransform(ratio, 0, 0, ratio, 0, 0);
    ctx.lineCap = ctx.lineJoin = 'round';
    const scale = 2 ** zoom;
    const job = {
      token, data, canvas, ctx, zoom, scale, x: topLeft.x, y: topLeft.y, width, height, next: 0,
      styles: data.styles.map(name => resolveStyle(name, zoom)),
      // The canvas's extent in the worker's zoom-0 pixels, to skip what falls outside it.
      box: [topLeft.x / scale, topLeft.y / scale, (topLeft.x + width) / scale, (topLeft.y + height) / scale],
    };
    requestAnimationFrame(() => this._slice(job));
  },

  // Paints a slice of the operations, then waits for the next frame. Consecutive operations of
  // one style go into one path, filled or stroked once. The browser only records canvas calls
  // and rasterises them later, in one go when the canvas is shown (a zoomed-in city: hundreds
  // of milliseconds on the main thread); reading back one pixel rasterises them now, so the
  // slice pays for its own drawing, chunk by chunk, and stops when its time is up.
  _slice(job) {
    if (job.token !== this._token) return;   // a newer view took over
    if (performance.now() - lastKey < TYPING_PAUSE_MS) {
      setTimeout(() => requestAnimationFrame(() => this._slice(job)), TYPING_PAUSE_MS / 4);
      return;
    }
    const until = performance.now() + SLICE_MS;
    const { ops, rings, xy, boxes } = job.data;
    const { ctx, scale, styles } = job;
    const ox = job.x, oy = job.y;
    const [minX, minY, maxX, maxY] = job.box;
    const count = ops.length / 3;
    let current = -1, style = null, open = false, i = job.next, pending = 0;
    for (; i < count; i++) {
      if (pending >= CHUNK_POINTS) {
        if (open) { finish(ctx, style); ctx.beginPath(); open = false; }
        ctx.getImageData(0, 0, 1, 1);
        pending = 0;
        if (performance.now() > until) break;
      }
      pending++;
      const s = ops[3 * i];
      if (s !== current) {
        if (open) finish(ctx, style);
        current = s; style = styles[s]; open = false;
        ctx.beginPath();
      }
      if (!style || boxes[4 * i] > maxX || boxes[4 * i + 2] < minX || boxes[4 * i + 1] > maxY || boxes[4 * i + 3] < minY) continue;
      for (let r = ops[3 * i + 1], end = r + ops[3 * i + 2]; r < end; r++) {
        const first = rings[2 * r], last = first + rings[2 * r + 1] - 1;
        pending += last - first + 1;
        let px = xy[2 * first] * scale - ox, py = xy[2 * first + 1] * scale - oy;
        ctx.moveTo(px, py);
        for (let q = first + 1; q <= last; q++) {
          const x = xy[2 * q] * scale - ox, y = xy[2 * q + 1] * scale - oy;
          // Points closer than half a pixel add nothing but work (a view zoomed out from the data's).
          if (q < last && Math.abs(x - px) + Math.abs(y - py) < 0.5) continue;
          ctx.lineTo(x, y);
          px = x; py = y;
        }
        if (style.fill) ctx.closePath();
      }
      open = true;
    }
    if (open) finish(ctx, style);
    ctx.getImageData(0, 0, 1, 1);
    job.next = i;
    if (i < count) requestAnimationFrame(() => this._slice(job));
    else this._show(job);
  },

  // The paint is whole: it is copied onto the shown canvas (a few milliseconds; putting the
  // back canvas in its place instead costs the browser a new layer, tens of milliseconds),
  // and the names go on top.
  _show(job) {
    const shown = this._canvas, back = job.canvas;
    if (shown.width !== back.width || shown.height !== back.height) {
      shown.width = back.width;
      shown.height = back.height;
    }
    shown.style.width = job.width + 'px';
    shown.style.height = job.height + 'px';
    const ctx = shown.getContext('2d', { willReadFrequently: true });
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    ctx.clearRect(0, 0, shown.width, shown.height);
    ctx.drawImage(back, 0, 0);
    ctx.getImageData(0, 0, 1, 1);
    this._shown = { zoom: job.zoom, x: job.x, y: job.y, width: job.width, height: job.height };
    const { scale } = job, [minX, minY, maxX, maxY] = job.box;
    // Lower names over higher ones, as Leaflet stacks markers.
    const labels = job.data.labels.filter(l => l.x >= minX && l.x <= maxX && l.y >= minY && l.y <= maxY)
      .sort((a, b) => a.y - b.y);
    this._labels.innerHTML = labels.map(l =>
      `<div class="place-label" style="left:${(l.x * scale - job.x).toFixed(1)}px;top:${(l.y * scale - job.y).toFixed(1)}px;` +
      `font-size:${l.size}px">${escapeHTML(l.name)}</div>`).join('');
    this._place();
  },
});

function finish(ctx, style) {
  if (style.fill) {
    ctx.fillStyle = style.fill;
    ctx.fill();   // non-zero: the worker turned holes the other way round from their outer ring
  }
  if (style.stroke) {
    ctx.setLineDash(style.dash || []);
    ctx.lineWidth = style.width;
    ctx.strokeStyle = style.stroke;
    ctx.stroke();
  }
}

/// The look of a style name from the worker ("road|residential", "area|green|park", "waterway|waterway|river", …) at `zoom`,
/// or null for what is not drawn at that zoom.
function resolveStyle(name, zoom) {
  const [type, a, ...rest] = name.split('|');
  const b = rest.join('|');
  const scale = Math.max(0.35, Math.min(2.2, (zoom - 11) / 4));
  switch (type) {
    case 'casing': {
      if (DASHED.has(a) || zoom < 14) return null;
      const width = (ROADS[a] || ['#ffffff', 2])[1];
      return { stroke: '#bbb', width: Math.max(0.8, width * scale) + 1.6 };
    }
    case 'road': {
      const [colour, width] = ROADS[a] || ['#ffffff', 2];
      return { stroke: colour, width: Math.max(0.8, width * scale), dash: DASHED.has(a) ? [3, 3] : null };
    }
    case 'railway': return { stroke: '#888', width: 1.5, dash: [6, 4] };
    case 'coastline': return { stroke: '#6fa8c7', width: 1.5 };
    case 'waterway': return { stroke: '#aad3df', width: b === 'river' || b === 'canal' ? 4 * scale + 1 : 1.5 };
    case 'building': return { fill: AREA_COLOURS[b] || AREA_COLOURS.building, stroke: '#c4b6ab', width: 0.6 };
    case 'area': return { fill: AREA_COLOURS[b] || AREA_COLOURS[a] || '#e8e8e0' };
    default: return null;
  }
}

export function escapeHTML(s) {
  return String(s ?? '').replace(/[&<>"']/g, c => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' }[c]));
}
