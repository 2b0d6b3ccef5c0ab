// Draw mode: the user draws a path with a mouse, pen or finger (pointer
// events, so it works on a phone); on release the path goes to POST /match
// with the chosen mode, and the route along the roads is drawn over it with
// its streets, length and time, and a GPX file to take away. A second
// drawing replaces the first.
import { escapeHTML } from './basemap.js';

export class DrawMode {
  constructor(map) {
    this.map = map;
    this.button = document.getElementById('draw');
    this.layer = L.layerGroup().addTo(map);
    this.markers = L.layerGroup().addTo(map);
    this.drawing = false;
    this.points = [];
    this.line = null;
    this.gpxURL = null;
    this.button.addEventListener('click', () => this.toggle());
    document.getElementById('show-markers').addEventListener('change', e => {
      if (e.target.checked) this.markers.addTo(map); else map.removeLayer(this.markers);
    });
    const container = map.getContainer();
    container.addEventListener('pointerdown', e => this.down(e));
    container.addEventListener('pointermove', e => this.move(e));
    container.addEventListener('pointerup', e => this.up(e));
    container.addEventListener('pointercancel', e => this.up(e));
  }

  toggle(on = !this.drawing) {
    this.drawing = on;
    this.button.setAttribute('aria-pressed', String(on));
    this.map.getContainer().classList.toggle('drawing', on);
    if (on) { this.map.dragging.disable(); this.map.doubleClickZoom.disable(); }
    else { this.map.dragging.enable(); this.map.doubleClickZoom.enable(); }
  }

  latLng(e) {
    const rect = this.map.getContainer().getBoundingClientRect();
    return this.map.containerPointToLatLng([e.clientX - rect.left, e.clientY - rect.top]);
  }

  down(e) {
    if (!this.drawing || e.button > 0 || e.target.closest('.leaflet-control')) return;
    e.preventDefault();
    this.map.getContainer().setPointerCapture?.(e.pointerId);
    this.points = [this.latLng(e)];
    this.layer.clearLayers();
    this.markers.clearLayers();
    this.line = L.polyline(this.points, { color: '#d33', weight: 3, dashArray: '5 6', interactive: false }).addTo(this.layer);
  }

  move(e) {
    if (!this.drawing || !this.line) return;
    const p = this.latLng(e);
    const last = this.points[this.points.length - 1];
    // A point every few pixels is plenty: the matcher thins dense points anyway.
    if (this.map.latLngToContainerPoint(last).distanceTo(this.map.latLngToContainerPoint(p)) < 4) return;
    this.points.push(p);
    this.line.addLatLng(p);
  }

  async up() {
    if (!this.drawing || !this.line) return;
    const drawn = this.points;
    this.line = null;
    if (drawn.length < 2) return;
    const released = performance.now();
    const csv = 'lat,lon\n' + drawn.map(p => `${p.lat.toFixed(7)},${p.lng.toFixed(7)}`).join('\n') + '\n';
    this.lastCSV = csv;
    const mode = document.getElementById('mode').value;
    const params = new URLSearchParams({ mode, format: 'json' });
    if (document.getElementById('ignore-restrictions').checked) params.set('ignore_restrictions', '1');
    const summary = document.getElementById('route-summary');
    document.getElementById('route').hidden = false;
    summary.textContent = 'Matching…';
    const response = await fetch('/match?' + params, { method: 'POST', body: csv, headers: { 'Content-Type': 'text/csv' } });
    const answer = await response.json();
    if (!response.ok) {
      summary.textContent = answer.error || 'The drawing could not be matched';
      document.getElementById('route-streets').innerHTML = '';
      document.getElementById('gpx-link').hidden = true;
      return;
    }
    this.show(answer);
    window.geoserveTimings.draw.push(performance.now() - released);
    window.geoserveLastMatch = answer;
    this.prepareGPX(csv, params);
  }

  show(answer) {
    for (const s of answer.segments) {
      L.polyline(s.geometry, { color: '#2a6fdb', weight: 5, opacity: 0.85, interactive: false }).addTo(this.layer);
    }
    const first = answer.segments[0].geometry[0];
    const lastSegment = answer.segments[answer.segments.length - 1].geometry;
    const last = lastSegment[lastSegment.length - 1];
    for (const [point, kind, label] of [[first, 'start', 'A'], [last, 'end', 'B']]) {
      L.marker(point, { title: kind === 'start' ? 'Start' : 'End', keyboard: false, interactive: false,
        icon: L.divIcon({ className: '', html: `<div class="end-pin ${kind}">${label}</div>`, iconSize: [22, 22], iconAnchor: [11, 11] }),
      }).addTo(this.markers);
    }
    const km = (answer.distance_m / 1000).toFixed(2);
    document.getElementById('route-summary').textContent =
      `${km} km, ${duration(answer.duration_s)} by ${answer.mode} — ${answer.points_summary.matched + answer.points_summary.interpolated}/${answer.points} points on the route`;
    document.getElementById('route-streets').innerHTML = answer.streets.map(s => `<li>${escapeHTML(s)}</li>`).join('');
  }

  /// The GPX of the same match (with the drawing when asked), as a file link.
  async prepareGPX(csv, params) {
    const link = document.getElementById('gpx-link');
    params.set('format', 'gpx');
    if (document.getElementById('include-drawing').checked) params.set('include_input', '1');
    const response = await fetch('/match?' + params, { method: 'POST', body: csv, headers: { 'Content-Type': 'text/csv' } });
    if (!response.ok) { link.hidden = true; return; }
    if (this.gpxURL) URL.revokeObjectURL(this.gpxURL);
    this.gpxURL = URL.createObjectURL(new Blob([await response.text()], { type: 'application/gpx+xml' }));
    link.href = this.gpxURL;
    link.hidden = false;
  }
}

function duration(seconds) {
  const s = Math.round(seconds);
  if (s < 60) return `${s} s`;
  const m = Math.floor(s / 60);
  if (m < 60) return `${m} min ${s % 60} s`;
  return `${Math.floor(m / 60)} h ${m % 60} min`;
}
