// One WebSocket to geoserve (/ws) for the requests made at each keystroke: a
// fetch on loopback costs ~5 ms in the browser's own processes before the
// server sees it, a message on an open WebSocket ~1.7 ms (measured in
// Chromium on two cores). The answers are the same JSON a GET gives. Until
// the socket is open, after it closed, or when the server refuses it, the
// request goes by fetch: the page never waits on the socket to work.
const RETRY_MS = [500, 2000, 10000, 30000];

export class Channel {
  constructor(path = '/ws') {
    this.url = (location.protocol === 'https:' ? 'wss://' : 'ws://') + location.host + path;
    this.socket = null;
    this.waiting = new Map();
    this.nextId = 1;
    this.failures = 0;
    this.retryAt = 0;
    // How many requests went each way (the browser tests read it).
    this.counts = { socket: 0, fetch: 0 };
    this.connect();
  }

  connect() {
    if (this.socket || performance.now() < this.retryAt || typeof WebSocket !== 'function') return;
    let socket;
    try { socket = new WebSocket(this.url); } catch { this.failed(); return; }
    this.socket = socket;
    let opened = false;
    socket.onopen = () => { opened = true; this.failures = 0; };
    socket.onmessage = event => {
      let answer;
      try { answer = JSON.parse(event.data); } catch { return; }
      const entry = this.waiting.get(answer.id);
      if (!entry) return;
      this.waiting.delete(answer.id);
      entry.resolve({ ok: answer.status >= 200 && answer.status < 300, status: answer.status, body: answer.body });
    };
    // Closed (the server stopped, went idle, or refused): what was asked goes again by fetch.
    socket.onclose = () => {
      if (this.socket === socket) this.socket = null;
      const left = [...this.waiting.values()];
      this.waiting.clear();
      for (const entry of left) entry.resolve(Channel.fetchJSON(entry.target));
      // One that never opened is tried again later, one the server closed at the next request.
      if (!opened) this.failed();
    };
  }

  failed() {
    this.retryAt = performance.now() + RETRY_MS[Math.min(this.failures, RETRY_MS.length - 1)];
    this.failures += 1;
  }

  /// GET `target` (a path with its query): {ok, status, body} with the body parsed.
  get(target) {
    const socket = this.socket;
    if (!socket || socket.readyState !== WebSocket.OPEN) {
      this.connect();
      this.counts.fetch += 1;
      return Channel.fetchJSON(target);
    }
    this.counts.socket += 1;
    const id = this.nextId++;
    return new Promise(resolve => {
      this.waiting.set(id, { resolve, target });
      socket.send(`${id} ${target}`);
    });
  }

  static async fetchJSON(target) {
    const response = await fetch(target);
    return { ok: response.ok, status: response.status, body: await response.json() };
  }
}
