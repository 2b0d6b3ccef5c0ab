// The base map drawn from the index: /features gives roads, areas, water and
// place names for the visible box; they are styled here by layer, kind and
// zoom (an OpenStreetMap-like palette) on one canvas. A request is made when
// the view settles; a newer view cancels an older request.
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

export class BaseMap {
  constructor(map) {
    this.map = map;
    // Panes keep the base map under routes and pins, and its labels above routes.
    map.createPane('base').style.zIndex = 250;
    map.createPane('labels').style.zIndex = 450;
    this.layer = null;
    this.drawToken = 0;
    this.renderer = L.canvas({ padding: 0.3, pane: 'base' });
    this.controller = null;
    this.timer = null;
  }

  start() {
    this.map.on('moveend', () => { clearTimeout(this.timer); this.timer = setTimeout(() => this.load(), 120); });
    this.load();
  }

  async load() {
    const b = this.map.getBounds().pad(0.25);
    const zoom = this.map.getZoom();
    if (this.controller) this.controller.abort();
    this.controller = new AbortController();
    const box = [b.getWest(), b.getSouth(), b.getEast(), b.getNorth()].map(v => v.toFixed(6)).join(',');
    try {
      const response = await fetch(`/features?bbox=${box}&zoom=${zoom}`, { signal: this.controller.signal });
      if (!response.ok) return;
      this.draw(await response.json(), zoom);
    } catch (error) {
      if (error.name !== 'AbortError') console.warn('base map:', error.message);
    }
  }

  // The features are added in slices of a few milliseconds, one slice per frame, on top of the
  // old drawing (removed once the new one is whole): a zoomed-in city has thousands of buildings,
  // and drawing them in one go would hold up the keystrokes typed meanwhile.
  draw(collection, zoom) {
    const token = ++this.drawToken;
    const group = L.layerGroup().addTo(this.map);
    const order = { landuse: 0, green: 1, sand: 2, water: 3, building: 4, waterway: 5, coastline: 6, railway: 7, roads: 8, places: 9 };
    const features = collection.features.slice().sort((a, b) =>
      (order[a.properties.layer] ?? 5) - (order[b.properties.layer] ?? 5) || roadRank(b) - roadRank(a));
    const scale = Math.max(0.35, Math.min(2.2, (zoom - 11) / 4));
    let next = 0;
    const slice = () => {
      if (token !== this.drawToken) { this.map.removeLayer(group); return; }   // a newer view took over
      const until = performance.now() + 6;
      while (next < features.length && performance.now() < until) this.add(group, features[next++], zoom, scale);
      if (next < features.length) { requestAnimationFrame(slice); return; }
      if (this.layer) this.map.removeLayer(this.layer);
      this.layer = group;
    };
    slice();
  }

  add(group, f, zoom, scale) {
    const p = f.properties;
    if (p.layer === 'places') {
      const size = 11 + Math.round((p.importance || 0) * 8);
      group.addLayer(L.marker([f.geometry.coordinates[1], f.geometry.coordinates[0]], {
        interactive: false, keyboard: false, pane: 'labels',
        icon: L.divIcon({ className: '', html: `<div class="place-label" style="font-size:${size}px">${escapeHTML(p.name)}</div>` }),
      }));
    } else if (p.layer === 'roads') {
      const [colour, width] = ROADS[p.highway] || ['#ffffff', 2];
      const weight = Math.max(0.8, width * scale);
      if (!DASHED.has(p.highway) && zoom >= 14) {
        group.addLayer(L.geoJSON(f, { renderer: this.renderer, interactive: false, style: { color: '#bbb', weight: weight + 1.6, lineCap: 'round' } }));
      }
      group.addLayer(L.geoJSON(f, { renderer: this.renderer, interactive: false, style: {
        color: colour, weight, lineCap: 'round', dashArray: DASHED.has(p.highway) ? '3 3' : null } }));
    } else if (p.layer === 'waterway' || p.layer === 'coastline' || p.layer === 'railway') {
      const style = p.layer === 'railway' ? { color: '#888', weight: 1.5, dashArray: '6 4' }
        : p.layer === 'coastline' ? { color: '#6fa8c7', weight: 1.5 }
        : { color: '#aad3df', weight: p.kind === 'river' || p.kind === 'canal' ? 4 * scale + 1 : 1.5 };
      group.addLayer(L.geoJSON(f, { renderer: this.renderer, interactive: false, style }));
    } else {
      const fill = AREA_COLOURS[p.kind] || AREA_COLOURS[p.layer] || '#e8e8e0';
      group.addLayer(L.geoJSON(f, { renderer: this.renderer, interactive: false, style: {
        stroke: p.layer === 'building', color: '#c4b6ab', weight: 0.6, fillColor: fill, fillOpacity: 1 } }));
    }
  }
}

function roadRank(f) {
  const order = Object.keys(ROADS);
  const i = order.indexOf(f.properties.highway);
  return i < 0 ? 0 : order.length - i;
}

export function escapeHTML(s) {
  return String(s ?? '').replace(/[&<>"']/g, c => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' }[c]));
}
