// The search panel: suggestions from /suggest with every keystroke, near the
// user's position (when the browser gives it) or the map's centre; type
// chips; the keyboard as well as the pointer; "substitute" suggestions (a
// street) put their text in the box so the user goes on typing a number;
// Enter or "Show all" puts every result on the map as pins, grouped into one
// marker with a count where they crowd, with a control that centres the map
// on them.
import { escapeHTML } from './basemap.js';
import { fitVisible } from './app.js';
import { Channel } from './channel.js';

// The server's vocabularies, from /config: the icon names its sprite draws and
// the result types a chip can filter by (nothing copied here to drift).
let ICONS = new Set();
let TYPES = [];
export function setVocabulary(config) {
  ICONS = new Set(config.icons || []);
  TYPES = config.types || [];
}
/// The result's icon from the server's sprite (its pin for a name it does not draw).
export function iconFor(name) {
  const id = escapeHTML(ICONS.has(name) ? name : 'marker');
  return `<svg class="glyph" viewBox="0 0 512 512" aria-hidden="true" data-icon="${id}"><use href="/web/icons.svg#${id}"></use></svg>`;
}

export class SearchPanel {
  constructor(map) {
    this.map = map;
    this.input = document.getElementById('search');
    this.list = document.getElementById('suggestions');
    this.status = document.getElementById('search-status');
    this.types = new Set();
    this.results = [];
    this.active = -1;
    this.sequence = 0;
    this.shown = 0;
    this.position = null;
    this.pins = L.layerGroup().addTo(map);
    this.channel = new Channel();
    this.area = null;
    this.bind();
    this.addCentreControl();
    this.addLocateControl();
  }

  addChips() {
    const box = document.getElementById('chips');
    for (const t of TYPES) {
      const chip = document.createElement('button');
      chip.type = 'button';
      chip.className = 'chip';
      chip.dataset.type = t.type;
      chip.setAttribute('aria-pressed', 'false');
      chip.textContent = t.label;
      box.appendChild(chip);
    }
  }

  bind() {
    this.addChips();
    this.input.addEventListener('input', () => this.suggest(performance.now()));
    this.input.addEventListener('keydown', e => this.key(e));
    document.getElementById('search-form').addEventListener('submit', e => { e.preventDefault(); this.showAll(); });
    for (const chip of document.querySelectorAll('.chip')) {
      chip.addEventListener('click', () => {
        const on = chip.getAttribute('aria-pressed') !== 'true';
        chip.setAttribute('aria-pressed', String(on));
        if (on) this.types.add(chip.dataset.type); else this.types.delete(chip.dataset.type);
        if (this.input.value.trim()) this.suggest(performance.now());
      });
    }
    this.list.addEventListener('mousedown', e => e.preventDefault());
    this.list.addEventListener('click', e => {
      const item = e.target.closest('li[data-index]');
      if (item) this.choose(Number(item.dataset.index));
    });
  }

  /// Where results should be near: the user, else the map's centre.
  near() {
    const c = this.position || [this.map.getCenter().lat, this.map.getCenter().lng];
    return `${c[0].toFixed(6)},${c[1].toFixed(6)}`;
  }

  query(extra) {
    this.lastNear = this.near();
    const params = new URLSearchParams({ q: this.input.value, near: this.lastNear, ...extra });
    if (this.types.size) params.set('types', [...this.types].join(','));
    const lang = (navigator.language || '').split('-')[0];
    if (lang) params.set('lang', lang);
    return '/suggest?' + params.toString();
  }

  async suggest(started) {
    const text = this.input.value;
    const sequence = ++this.sequence;
    if (!text.trim()) { this.render([]); return; }
    try {
      const response = await this.channel.get(this.query({ limit: 8 }));
      const answer = response.body;
      const fetched = performance.now() - started;
      // An older answer arriving after a newer one is dropped: the list always matches the box.
      if (sequence < this.shown) return;
      this.shown = sequence;
      if (!response.ok) { this.render([]); this.status.textContent = answer.error || 'Search failed'; return; }
      this.render(answer.results);
      this.status.textContent = answer.results.length ? '' : `No results for “${text}”`;
      // On screen: after the browser has laid the list out and painted it.
      requestAnimationFrame(() => setTimeout(() => {
        window.geoserveTimings.suggest.push(performance.now() - started);
        window.geoserveTimings.suggestFetch.push(fetched);
      }, 0));
    } catch (error) {
      this.status.textContent = 'Search failed: ' + error.message;
    }
  }

  render(results) {
    this.results = results;
    this.active = -1;
    this.list.innerHTML = results.map((r, i) => `
      <li role="option" id="suggestion-${i}" data-index="${i}" aria-selected="false" data-kind="${r.kind}" data-action="${r.action}">
        <span class="icon" aria-hidden="true">${iconFor(r.icon)}</span>
        <span class="name">${highlight(r.name, r.highlights)}</span>
        ${r.distance ? `<span class="distance">${escapeHTML(r.distance)}</span>` : ''}
        <span class="subtitle">${escapeHTML(r.subtitle)}</span>
      </li>`).join('');
    this.list.hidden = results.length === 0;
    this.input.setAttribute('aria-expanded', String(results.length > 0));
    this.input.removeAttribute('aria-activedescendant');
  }

  key(e) {
    const n = this.results.length;
    if (e.key === 'ArrowDown' && n) { e.preventDefault(); this.highlightRow((this.active + 1) % n); }
    else if (e.key === 'ArrowUp' && n) { e.preventDefault(); this.highlightRow((this.active - 1 + n) % n); }
    else if (e.key === 'Enter' && this.active >= 0) { e.preventDefault(); this.choose(this.active); }
    else if (e.key === 'Escape') { this.render([]); }
  }

  highlightRow(i) {
    this.active = i;
    for (const li of this.list.children) li.setAttribute('aria-selected', String(Number(li.dataset.index) === i));
    this.input.setAttribute('aria-activedescendant', `suggestion-${i}`);
    this.list.children[i]?.scrollIntoView({ block: 'nearest' });
  }

  /// A suggestion taken: a street puts its text in the box (type the number next), anything
  /// else is shown on the map.
  choose(i) {
    const r = this.results[i];
    if (!r) return;
    if (r.action === 'substitute' && r.display_text) {
      this.input.value = r.display_text;
      this.input.focus();
      this.suggest(performance.now());
      if (r.bbox) fitVisible(this.map, [[r.bbox[1], r.bbox[0]], [r.bbox[3], r.bbox[2]]], 17);
      return;
    }
    this.render([]);
    this.pins.clearLayers();
    this.pin(r).addTo(this.pins).openPopup();
    this.map.setView([r.lat, r.lon], Math.max(this.map.getZoom(), 17));
    this.status.textContent = `${r.name} — ${r.subtitle}`;
  }

  pin(r) {
    return L.marker([r.lat, r.lon], {
      title: r.name, alt: r.name,
      icon: L.divIcon({ className: '', html: `<div class="pin">${iconFor(r.icon)}</div>`, iconSize: [26, 26], iconAnchor: [13, 13] }),
    }).bindPopup(`<strong>${escapeHTML(r.name)}</strong><br>${escapeHTML(r.subtitle)}`);
  }

  /// Every result as pins; those within about 40 pixels of each other as one marker with a count.
  async showAll() {
    if (!this.input.value.trim()) return;
    const metresPerPixel = 156543.03 * Math.cos(this.map.getCenter().lat * Math.PI / 180) / 2 ** this.map.getZoom();
    const response = await fetch(this.query({ limit: 50, group: Math.max(5, Math.round(metresPerPixel * 40)) }));
    const answer = await response.json();
    this.render([]);
    this.pins.clearLayers();
    if (!response.ok || !answer.results.length) {
      this.status.textContent = response.ok ? `No results for “${this.input.value}”` : answer.error;
      return;
    }
    const grouped = new Set();
    for (const g of answer.groups) {
      for (const m of g.members) grouped.add(m);
      const marker = L.marker([g.lat, g.lon], {
        title: `${g.count} results`, alt: `${g.count} results`,
        icon: L.divIcon({ className: '', html: `<div class="group-pin">${g.count}</div>`, iconSize: [34, 34], iconAnchor: [17, 17] }),
      });
      const list = document.createElement('ul');
      list.className = 'group-list';
      for (const m of g.members) {
        const r = answer.results[m];
        const li = document.createElement('li');
        const b = document.createElement('button');
        b.type = 'button';
        b.innerHTML = `${iconFor(r.icon)} ${escapeHTML(r.name)}`;
        b.addEventListener('click', () => { this.map.setView([r.lat, r.lon], 18); this.pin(r).addTo(this.pins).openPopup(); });
        li.appendChild(b);
        list.appendChild(li);
      }
      marker.bindPopup(list).addTo(this.pins);
    }
    answer.results.forEach((r, i) => { if (!grouped.has(i)) this.pin(r).addTo(this.pins); });
    this.area = answer.area;
    this.status.textContent = `${answer.results.length} results` + (answer.groups.length ? `, ${answer.groups.length} groups` : '');
    this.centre();
  }

  centre() {
    const a = this.area;
    if (!a) return;
    if (a[0] === a[2] && a[1] === a[3]) this.map.setView([a[1], a[0]], 17);
    else fitVisible(this.map, [[a[1], a[0]], [a[3], a[2]]], 17);
  }

  /// The user's position, asked for only when the user presses the button (a browser prompt
  /// on page load would be rude); from then on results are near it.
  addLocateControl() {
    if (!navigator.geolocation) return;
    const b = this.addMapButton('locate', 'locate-control', 'Search near my position',
      '<circle cx="12" cy="12" r="7" fill="none" stroke="#333" stroke-width="2"/><circle cx="12" cy="12" r="2.5" fill="#333"/><path d="M12 1v4M12 19v4M1 12h4M19 12h4" stroke="#333" stroke-width="2"/>');
    b.addEventListener('click', () => navigator.geolocation.getCurrentPosition(p => {
      this.position = [p.coords.latitude, p.coords.longitude];
      this.map.setView(this.position, Math.max(this.map.getZoom(), 16));
      b.setAttribute('aria-pressed', 'true');
    }, e => { this.status.textContent = 'Position unavailable: ' + e.message; }, { maximumAge: 600000, timeout: 10000 }));
  }

  addCentreControl() {
    const b = this.addMapButton('centre-results', 'centre-control', 'Centre the map on the results',
      '<path d="M3 9V3h6M15 3h6v6M21 15v6h-6M9 21H3v-6" fill="none" stroke="#333" stroke-width="2"/><circle cx="12" cy="12" r="2.5" fill="#2a6fdb"/>');
    b.addEventListener('click', () => this.centre());
  }

  /// A button in the map's top right corner, drawn with the page's own 24-unit SVG.
  addMapButton(id, className, title, drawing) {
    const b = L.DomUtil.create('button', className);
    b.type = 'button';
    b.id = id;
    b.title = b.ariaLabel = title;
    b.innerHTML = `<svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">${drawing}</svg>`;
    L.DomEvent.disableClickPropagation(b);
    const Control = L.Control.extend({ onAdd: () => b });
    new Control({ position: 'topright' }).addTo(this.map);
    return b;
  }
}

/// The name with the matched letters (spans counted in Unicode scalars) in <mark>.
function highlight(name, spans) {
  const chars = Array.from(name);
  const marked = new Array(chars.length).fill(false);
  for (const [start, length] of spans || []) for (let k = start; k < start + length && k < chars.length; k++) marked[k] = true;
  let out = '', open = false;
  chars.forEach((c, k) => {
    if (marked[k] && !open) { out += '<mark>'; open = true; }
    if (!marked[k] && open) { out += '</mark>'; open = false; }
    out += escapeHTML(c);
  });
  return open ? out + '</mark>' : out;
}
