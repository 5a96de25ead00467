// «Моє місце зараз»: fills coordinates from the phone's location when the browser can
// tell it (and the person allows it, when asked): the event form's latitude and
// longitude (data-geolocate="true"), or the search's «near» (data-geolocate="near").
for (const locate of document.querySelectorAll("[data-geolocate]")) {
  if (!("geolocation" in navigator)) break;
  locate.hidden = false;
  locate.addEventListener("click", () => {
    navigator.geolocation.getCurrentPosition((position) => {
      const { latitude, longitude } = position.coords;
      const form = locate.closest("form");
      if (locate.dataset.geolocate === "near") {
        form.querySelector('input[name="near"]').value = `${latitude.toFixed(5)},${longitude.toFixed(5)}`;
        return;
      }
      form.querySelector('input[name="latitude"]').value = latitude.toFixed(6);
      form.querySelector('input[name="longitude"]').value = longitude.toFixed(6);
    }, () => { locate.hidden = true; }, { enableHighAccuracy: true, timeout: 15000 });
  });
}
