// The page's start: the map over the index's own base map, then the search
// panel, the draw mode and the reach mode (isochrones). `/config` says where the data is, whether the
// operator added a tile layer (--tiles), and the server's icon names and
// result types; nothing else is ever fetched from another host. Timings of each keystroke and drawing go to
// window.geoserveTimings for the browser tests and the README's figures.
import { BaseMap } from './basemap.js';
import { SearchPanel, setVocabulary } from './search.js';
import { DrawMode } from './draw.js';
import { ReachMode } from './isochrone.js';

window.geoserveTimings = { suggest: [], suggestFetch: [], draw: [], reach: [] };

async function start() {
  const config = await (await fetch('/config')).json();
  setVocabulary(config);
  const map = L.map('map', { preferCanvas: true, zoomControl: true, attributionControl: true });
  map.attributionControl.setPrefix(false);
  map.attributionControl.addAttribution('Data © OpenStreetMap contributors');
  if (config.tiles) {
    L.tileLayer(config.tiles, { maxZoom: 19 }).addTo(map);
  }
  const [minLon, minLat, maxLon, maxLat] = config.bbox || [-10, 35, 30, 60];
  // One first view, set at once: a region's whole box then a zoom to its main place would
  // animate on load, load the base map of the whole region, and swallow a setView made
  // meanwhile (Leaflet ignores one while a zoom animates).
  const bounds = [[minLat, minLon], [maxLat, maxLon]];
  if (map.getBoundsZoom(bounds) < 14 && config.center) map.setView([config.center[1], config.center[0]], 15);
  else map.fitBounds(bounds);

  if (!config.tiles) new BaseMap(map).start();
  const search = new SearchPanel(map);
  const draw = new DrawMode(map);
  const reach = new ReachMode(map, draw);
  window.geoserve = { map, search, draw, reach, fit: bounds => fitVisible(map, bounds) };
  document.body.dataset.ready = 'true';
}

/// Fits `bounds` into the part of the map the panel does not cover.
export function fitVisible(map, bounds, maxZoom = 18) {
  const panel = document.getElementById('panel').getBoundingClientRect();
  const wide = window.innerWidth > 600;
  map.fitBounds(bounds, {
    paddingTopLeft: wide ? [panel.right + 20, 30] : [30, 30],
    paddingBottomRight: wide ? [30, 30] : [30, window.innerHeight - panel.top + 20],
    maxZoom, animate: false,
  });
}

start().catch(error => {
  console.error(error);
  document.getElementById('search-status').textContent = 'The map could not start: ' + error.message;
});
