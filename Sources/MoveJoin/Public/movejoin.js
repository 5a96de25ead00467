// The event form's «Моє місце зараз»: fills the place's coordinates from the phone's
// location when the browser can tell it (and the person allows it, when asked).
const locate = document.querySelector("[data-geolocate]");
if (locate && "geolocation" in navigator) {
  locate.hidden = false;
  locate.addEventListener("click", () => {
    navigator.geolocation.getCurrentPosition((position) => {
      const { latitude, longitude } = position.coords;
      document.querySelector('input[name="latitude"]').value = latitude.toFixed(6);
      document.querySelector('input[name="longitude"]').value = longitude.toFixed(6);
    }, () => { locate.hidden = true; }, { enableHighAccuracy: true, timeout: 15000 });
  });
}
