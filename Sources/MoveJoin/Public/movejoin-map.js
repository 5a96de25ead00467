// MoveJoin's maps, with Leaflet as Debian installs it (served at /movejoin/leaflet/):
// - the events map (data-event-map): the city's upcoming events with a place, as
//   markers fetched for the part of the map in view, each opening a short card;
// - the event form's place picker (data-pick-map): a tap sets the latitude and longitude.
// Without the library (a server without libjs-leaflet, or it fails to load) the page says
// the map is unavailable; the list and the typed coordinates work as ever.

function loadLeaflet(base) {
  if (window.L) return Promise.resolve(window.L);
  return new Promise((resolve, reject) => {
    const style = document.createElement("link");
    style.rel = "stylesheet";
    style.href = `${base}/leaflet.css`;
    document.head.append(style);
    const script = document.createElement("script");
    script.src = `${base}/leaflet.js`;
    script.onload = () => (window.L ? resolve(window.L) : reject(new Error("no Leaflet")));
    script.onerror = () => reject(new Error("Leaflet did not load"));
    document.head.append(script);
  });
}

function unavailable(box) {
  box.hidden = true;
  const note = document.querySelector(".map-unavailable");
  if (note) note.hidden = false;
}

function baseMap(L, box) {
  L.Icon.Default.prototype.options.imagePath = `${box.dataset.leaflet}/images/`;
  // `tap: false`: Leaflet 1.7's tap handler swallows the click on a touch screen in today's
  // browsers (a known bug, fixed in 1.8), so a marker's card would not open.
  const map = L.map(box, { scrollWheelZoom: false, tap: false }).setView([Number(box.dataset.latitude), Number(box.dataset.longitude)], Number(box.dataset.zoom || 12));
  L.tileLayer(box.dataset.tiles, { maxZoom: 19, attribution: box.dataset.attribution }).addTo(map);
  return map;
}

// A marker's card, built from text (never as HTML: titles are what people typed).
function card(event) {
  const body = document.createElement("div");
  body.className = "map-card";
  const sport = document.createElement("p");
  sport.className = "event-sport";
  sport.textContent = event.sport;
  const link = document.createElement("a");
  link.href = event.url;
  link.textContent = event.title;
  const title = document.createElement("p");
  title.className = "map-card-title";
  title.append(link);
  const when = document.createElement("p");
  when.textContent = event.when;
  const places = document.createElement("p");
  places.textContent = event.places;
  body.append(sport, title, when, places);
  return body;
}

async function eventsMap(box) {
  let L;
  try { L = await loadLeaflet(box.dataset.leaflet); } catch { unavailable(box); return; }
  const map = baseMap(L, box);
  const markers = L.layerGroup().addTo(map);
  const shown = new Map();
  const more = document.createElement("p");
  more.className = "hint map-more";
  more.hidden = true;
  more.textContent = box.dataset.more;
  box.after(more);
  let asked = 0;
  async function refresh() {
    const bounds = map.getBounds();
    const box4 = [bounds.getWest(), bounds.getSouth(), bounds.getEast(), bounds.getNorth()].map((n) => n.toFixed(5)).join(",");
    const ask = ++asked;
    const response = await fetch(`${box.dataset.eventMap}&bbox=${box4}`, { headers: { Accept: "application/json" } });
    if (!response.ok || ask !== asked) return;
    const found = await response.json();
    // Markers already shown stay (an open card pans the map, which asks again: clearing
    // them all would close the card it opened); those out of the answer go.
    const wanted = new Set(found.events.map((event) => event.id));
    for (const [id, marker] of shown) {
      if (!wanted.has(id) && !marker.isPopupOpen()) { markers.removeLayer(marker); shown.delete(id); }
    }
    for (const event of found.events) {
      if (shown.has(event.id)) continue;
      const marker = L.marker([event.latitude, event.longitude], { title: event.title, alt: event.title, keyboard: true })
        .bindPopup(card(event)).addTo(markers);
      shown.set(event.id, marker);
    }
    more.hidden = !found.more;
  }
  map.on("moveend", refresh);
  refresh();
}

async function placePicker(box) {
  let L;
  try { L = await loadLeaflet(box.dataset.leaflet); } catch { box.hidden = true; return; }
  box.hidden = false;
  const form = box.closest("form");
  const latitude = form.querySelector('input[name="latitude"]');
  const longitude = form.querySelector('input[name="longitude"]');
  const typed = () => [Number(latitude.value.replace(",", ".")), Number(longitude.value.replace(",", "."))];
  const map = baseMap(L, box);
  let marker = null;
  const show = (point) => {
    if (marker) marker.setLatLng(point); else marker = L.marker(point).addTo(map);
  };
  const [lat, lon] = typed();
  if (latitude.value && longitude.value && Number.isFinite(lat) && Number.isFinite(lon)) {
    show([lat, lon]);
    map.setView([lat, lon], 15);
  }
  map.on("click", (tap) => {
    latitude.value = tap.latlng.lat.toFixed(6);
    longitude.value = tap.latlng.lng.toFixed(6);
    show(tap.latlng);
  });
  for (const input of [latitude, longitude]) {
    input.addEventListener("change", () => {
      const [a, b] = typed();
      if (Number.isFinite(a) && Number.isFinite(b) && latitude.value && longitude.value) { show([a, b]); map.panTo([a, b]); }
    });
  }
}

for (const box of document.querySelectorAll("[data-event-map]")) eventsMap(box);
for (const box of document.querySelectorAll("[data-pick-map]")) placePicker(box);
