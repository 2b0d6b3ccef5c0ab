// The base map's data, fetched and taken apart off the page's main thread:
// /features answers with a megabyte or more of GeoJSON, and JSON.parse of that
// on the main thread would hold up the keystrokes typed meanwhile. Here each
// answer becomes a few typed arrays (Web Mercator coordinates, rings, drawing
// operations in painting order) handed to the page without copying, which
// basemap.js paints as they are. A newer request cancels an older one.
'use strict';

// Painting order of the layers, bottom first (as the page drew them before).
const ORDER = { landuse: 0, green: 1, sand: 2, water: 3, building: 4, waterway: 5, coastline: 6, railway: 7, roads: 8 };
// Road classes, most important first: a more important road is painted first, so the minor
// ones crossing it stay visible (the page's order before the canvas).
const ROAD_CLASSES = ['motorway', 'motorway_link', 'trunk', 'trunk_link', 'primary', 'primary_link', 'secondary',
  'secondary_link', 'tertiary', 'tertiary_link', 'unclassified', 'residential', 'living_street', 'road', 'service',
  'busway', 'pedestrian', 'track', 'footway', 'path', 'cycleway', 'bridleway', 'steps', 'corridor', 'platform', 'ferry'];
const ROAD_RANK = new Map(ROAD_CLASSES.map((c, i) => [c, i]));

let controller = null;

self.onmessage = async event => {
  const { id, url } = event.data;
  if (controller) controller.abort();
  const mine = controller = new AbortController();
  try {
    const response = await fetch(url, { signal: mine.signal });
    if (!response.ok) throw new Error(`${url.split('?')[0]} answered ${response.status}`);
    const collection = await response.json();
    if (mine.signal.aborted) return;
    const data = compile(collection);
    self.postMessage({ id, ...data }, [data.xy.buffer, data.rings.buffer, data.ops.buffer, data.boxes.buffer]);
  } catch (error) {
    if (error.name !== 'AbortError') self.postMessage({ id, error: error.message });
  } finally {
    if (controller === mine) controller = null;
  }
};

/// Web Mercator at zoom 0 (a 256-pixel world), as Leaflet's EPSG:3857 projects: the page
/// multiplies by 2^zoom and subtracts its pixel origin.
function mercatorX(lon) { return (lon + 180) / 360 * 256; }
function mercatorY(lat) {
  const max = 85.0511287798;
  const s = Math.sin(Math.max(-max, Math.min(max, lat)) * Math.PI / 180);
  return (0.5 - Math.log((1 + s) / (1 - s)) / (4 * Math.PI)) * 256;
}

/// The collection as typed arrays: `xy` the points, `rings` [first point, count] pairs,
/// `ops` [style, first ring, ring count] in painting order, `boxes` each op's extent,
/// `styles` the style names the ops refer to, `labels` the place names.
function compile(collection) {
  const features = [];
  const labels = [];
  let points = 0;
  collection.features.forEach((f, i) => {
    const p = f.properties || {};
    const g = f.geometry;
    if (!g) return;
    if (p.layer === 'places' && g.type === 'Point') {
      labels.push({ x: mercatorX(g.coordinates[0]), y: mercatorY(g.coordinates[1]), name: String(p.name ?? ''),
        size: 11 + Math.round((p.importance || 0) * 8) });
      return;
    }
    const rings = g.type === 'Polygon' || g.type === 'MultiLineString' ? g.coordinates
      : g.type === 'LineString' ? [g.coordinates] : null;
    if (!rings) return;
    for (const r of rings) points += r.length;
    const road = p.layer === 'roads';
    features.push({ rings, area: g.type === 'Polygon', p, order: ORDER[p.layer] ?? 5,
      rank: road ? (ROAD_RANK.get(p.highway) ?? ROAD_CLASSES.length) : 0, i });
  });
  // By layer, then (roads) by class, then in the server's order: biggest shapes first, so a
  // small park shows over the wood around it.
  features.sort((a, b) => a.order - b.order || a.rank - b.rank || a.i - b.i);

  const xy = new Float64Array(points * 2);
  const ringList = [];
  const opList = [];
  const boxList = [];
  const styles = [];
  const styleIndex = new Map();
  const style = name => {
    let s = styleIndex.get(name);
    if (s === undefined) { s = styles.length; styles.push(name); styleIndex.set(name, s); }
    return s;
  };
  let n = 0;
  const fills = [];
  for (const f of features) {
    const firstRing = ringList.length / 2;
    let minX = Infinity, minY = Infinity, maxX = -Infinity, maxY = -Infinity;
    f.rings.forEach((ring, k) => {
      const start = n;
      for (const [lon, lat] of ring) {
        const x = mercatorX(lon), y = mercatorY(lat);
        xy[2 * n] = x; xy[2 * n + 1] = y; n++;
        if (x < minX) minX = x; if (x > maxX) maxX = x;
        if (y < minY) minY = y; if (y > maxY) maxY = y;
      }
      // Outer rings one way round and holes the other, so that one path of many polygons
      // filled with the non-zero rule keeps every hole (whichever way the data ran).
      if (f.area && (signedArea(xy, start, n) > 0) !== (k === 0)) reverse(xy, start, n);
      ringList.push(start, n - start);
    });
    const box = [minX, minY, maxX, maxY];
    const p = f.p;
    if (p.layer === 'roads') {
      // Every casing under every road, so that crossings show no casing over a road.
      opList.push(style('casing|' + p.highway), firstRing, f.rings.length);
      boxList.push(...box);
      fills.push([style('road|' + p.highway), firstRing, f.rings.length, box]);
    } else {
      // "type|layer|kind" (basemap.js gives each its look at the zoom it paints).
      const type = f.area ? (p.layer === 'building' ? 'building' : 'area')
        : ['waterway', 'coastline', 'railway'].includes(p.layer) ? p.layer : 'line';
      opList.push(style(`${type}|${p.layer}|${p.kind ?? ''}`), firstRing, f.rings.length);
      boxList.push(...box);
    }
  }
  for (const [s, r, c, box] of fills) { opList.push(s, r, c); boxList.push(...box); }
  return { xy, rings: Uint32Array.from(ringList), ops: Uint32Array.from(opList), boxes: Float64Array.from(boxList),
    styles, labels, truncated: collection.truncated === true };
}

/// Twice the ring's signed area: its sign tells which way round the ring runs.
function signedArea(xy, start, end) {
  let a = 0;
  for (let i = start, j = end - 1; i < end; j = i++) a += (xy[2 * j] - xy[2 * i]) * (xy[2 * j + 1] + xy[2 * i + 1]);
  return -a;
}

function reverse(xy, start, end) {
  for (let i = start, j = end - 1; i < j; i++, j--) {
    const x = xy[2 * i], y = xy[2 * i + 1];
    xy[2 * i] = xy[2 * j]; xy[2 * i + 1] = xy[2 * j + 1];
    xy[2 * j] = x; xy[2 * j + 1] = y;
  }
}
