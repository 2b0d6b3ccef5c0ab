// Reach mode: a click on the map asks /isochrone (Valhalla's request, as
// any Valhalla client sends it) for the areas reachable from there within
// 5, 10 and 15 minutes in the mode chosen for drawing, and draws them as
// Leaflet GeoJSON layers in the colours the answer gives, the largest first
// so the smaller lie on top. A new click replaces them; turning the mode on
// turns drawing off, as the two share the map's pointer.
const COSTING = { car: 'auto', bicycle: 'bicycle', foot: 'pedestrian' };
export const REACH_MINUTES = [5, 10, 15];

export class ReachMode {
  constructor(map, draw) {
    this.map = map;
    this.draw = draw;
    this.button = document.getElementById('reach');
    this.status = document.getElementById('reach-status');
    this.layer = L.layerGroup().addTo(map);
    this.on = false;
    this.asked = 0;
    this.button.addEventListener('click', () => this.toggle());
    map.on('click', e => { if (this.on) this.show(e.latlng); });
    // Drawing takes the pointer: reach mode gives way.
    draw.button.addEventListener('click', () => { if (draw.drawing) this.toggle(false); });
  }

  toggle(on = !this.on) {
    this.on = on;
    this.button.setAttribute('aria-pressed', String(on));
    this.map.getContainer().classList.toggle('reaching', on);
    if (on && this.draw.drawing) this.draw.toggle(false);
    this.status.textContent = on ? 'Click the map: the areas reachable within ' + REACH_MINUTES.join(', ') + ' min' : '';
  }

  async show(latlng) {
    const ask = ++this.asked;
    const mode = document.getElementById('mode').value;
    const request = {
      locations: [{ lat: +latlng.lat.toFixed(7), lon: +latlng.lng.toFixed(7) }],
      costing: COSTING[mode] || 'bicycle',
      contours: REACH_MINUTES.map(time => ({ time })),
      polygons: true,
      show_locations: true,
    };
    this.status.textContent = 'Finding the reachable areas…';
    const started = performance.now();
    const response = await fetch('/isochrone?json=' + encodeURIComponent(JSON.stringify(request)));
    const answer = await response.json();
    if (ask !== this.asked) return;   // a later click is under way
    if (!response.ok) {
      this.status.textContent = answer.error || 'No reachable area';
      return;
    }
    this.layer.clearLayers();
    L.geoJSON(answer, {
      interactive: false,
      filter: f => f.properties.metric === 'time' || f.properties.type === 'snapped',
      style: f => ({ color: f.properties.color, weight: 1.5, opacity: 0.8, fillColor: f.properties.fillColor, fillOpacity: 0.25 }),
      pointToLayer: (f, at) => L.circleMarker(at, { radius: 5, color: '#222', weight: 2, fillColor: '#fff', fillOpacity: 1 }),
    }).addTo(this.layer);
    window.geoserveTimings.reach.push(performance.now() - started);
    window.geoserveLastIsochrone = answer;
    this.status.textContent = `Reachable by ${mode} within ${REACH_MINUTES.join(', ')} min`;
  }
}
