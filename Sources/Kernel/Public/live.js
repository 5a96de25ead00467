// Live updates: connects to the page's event stream (body[data-live]) and re-dispatches
// every event on `document` as a "hromada:event" CustomEvent ({name, id, data}).
//
// EventSource reconnects by itself after a dropped connection, sending Last-Event-ID.
// It gives up when the server answers an error or the stream is closed for good; then
// we reconnect ourselves with a growing delay, passing ?lastEventId= so nothing is missed.

export function connect(url, onEvent) {
  let lastEventId = null;
  let source = null;
  let delay = 1000;
  let stopped = false;

  const open = () => {
    if (stopped) return;
    const target = new URL(url, location.href);
    if (lastEventId !== null) target.searchParams.set("lastEventId", lastEventId);
    source = new EventSource(target);
    source.onopen = () => { delay = 1000; document.dispatchEvent(new CustomEvent("hromada:live", { detail: { connected: true } })); };
    source.onerror = () => {
      document.dispatchEvent(new CustomEvent("hromada:live", { detail: { connected: false } }));
      if (source.readyState === EventSource.CLOSED) {
        setTimeout(open, delay);
        delay = Math.min(delay * 2, 30000);
      }
    };
    const handle = (event) => {
      if (event.lastEventId) lastEventId = event.lastEventId;
      let data = event.data;
      try { data = JSON.parse(event.data); } catch (_) { /* plain text */ }
      onEvent({ name: event.type, id: event.lastEventId, data });
    };
    source.onmessage = handle;
    source.addEventListener("open", () => {});
    // Named events ("event: task.created") do not reach onmessage; listen to any
    // name the page registered on body[data-live-events], comma-separated.
    for (const name of (document.body.dataset.liveEvents || "").split(",").filter(Boolean)) {
      source.addEventListener(name.trim(), handle);
    }
  };

  open();
  return { close() { stopped = true; if (source) source.close(); } };
}

const url = document.body && document.body.dataset.live;
if (url) {
  connect(url, (event) => document.dispatchEvent(new CustomEvent("hromada:event", { detail: event })));
}
