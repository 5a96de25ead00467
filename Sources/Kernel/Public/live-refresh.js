// Live regions: an element with data-refresh-url and data-refresh-on="a,b" is reloaded
// from that URL (an HTML fragment) whenever one of those events arrives, and each time
// the event stream (re)connects: whatever happened between rendering the page (or the
// drop) and the stream being live would otherwise be missed.
// Requests for one region are coalesced, so a burst of events costs one fetch.
// When a region's text changes, the page's flash banner (data-flash) goes: it told
// what had just happened, and the region now says what happened since. A <details>
// with an id that was open is open again after.

const pending = new WeakMap();

function words(html) {
  const template = document.createElement("template");
  template.innerHTML = html;
  return template.content.textContent.replace(/\s+/g, " ").trim();
}

async function refresh(region) {
  if (pending.get(region)) { pending.set(region, "again"); return; }
  pending.set(region, "busy");
  try {
    const response = await fetch(region.dataset.refreshUrl, { credentials: "same-origin", headers: { Accept: "text/html" } });
    if (response.redirected || response.status === 401) { location.reload(); return; }
    if (response.ok) {
      const html = await response.text();
      const changed = words(html) !== words(region.innerHTML);
      // A fold the person opened stays open (a folded list of alarms, say).
      const unfolded = [...region.querySelectorAll("details[id][open]")].map((fold) => fold.id);
      region.innerHTML = html;
      for (const id of unfolded) {
        const fold = region.querySelector(`details#${CSS.escape(id)}`);
        if (fold) fold.open = true;
      }
      if (changed) for (const flash of document.querySelectorAll("[data-flash]")) flash.remove();
      region.dispatchEvent(new CustomEvent("hromada:refreshed", { bubbles: true }));
    }
  } catch (_) {
    // Offline: the next event or reconnect tries again.
  } finally {
    const again = pending.get(region) === "again";
    pending.delete(region);
    if (again) refresh(region);
  }
}

function regionsFor(name) {
  return [...document.querySelectorAll("[data-refresh-url]")].filter((region) =>
    !name || (region.dataset.refreshOn || "").split(",").map((s) => s.trim()).includes(name));
}

document.addEventListener("hromada:event", (event) => {
  for (const region of regionsFor(event.detail.name)) refresh(region);
});

document.addEventListener("hromada:live", (event) => {
  if (event.detail.connected) for (const region of regionsFor(null)) refresh(region);
});
