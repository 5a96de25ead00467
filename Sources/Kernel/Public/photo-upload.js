// A photo upload (`form.photo-form`): the server carries no image codec, so the browser
// draws what it needs on a canvas. With `data-side`, it sends the photo and a thumbnail of
// at most that many pixels a side (Smart Shelter's animals); with `data-scale`, only the
// photo drawn down to at most that side (Golden Ager's volunteers: a phone's 4 MB picture
// becomes a card's 50 KB). The page's CSRF token travels in a header (the photo is larger
// than a plain form may be). The server checks that what arrives is a real image.
const form = document.querySelector("form.photo-form");
if (form) {
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const file = form.querySelector("input[type=file]").files[0];
    if (!file) return;
    const button = form.querySelector("button[type=submit]");
    button.disabled = true;
    const body = new FormData();
    body.append("_csrf", form.dataset.csrf);
    const scale = Number(form.dataset.scale);
    try {
      if (scale) {
        body.append("photo", (await draw(file, scale)) || file, "photo.jpg");
      } else {
        body.append("photo", file, file.name);
        const thumbnail = await draw(file, Number(form.dataset.side) || 400);
        if (thumbnail) body.append("thumbnail", thumbnail, "thumbnail.jpg");
      }
    } catch (_) {
      // Not an image the browser can draw: the server says what is wrong with it.
      if (!body.has("photo")) body.append("photo", file, file.name);
    }
    const response = await fetch(form.action, {
      method: "POST", body, credentials: "same-origin",
      headers: { "X-CSRF-Token": form.dataset.csrf, "X-Requested-With": "fetch" },
    });
    // The server answers where to go next (the page again, with its message).
    const answer = response.ok ? await response.json().catch(() => null) : null;
    if (answer && answer.location) window.location.assign(answer.location);
    else window.location.reload();
  });
}

async function draw(file, side) {
  const bitmap = await createImageBitmap(file);
  const scale = Math.min(1, side / Math.max(bitmap.width, bitmap.height));
  const canvas = document.createElement("canvas");
  canvas.width = Math.max(1, Math.round(bitmap.width * scale));
  canvas.height = Math.max(1, Math.round(bitmap.height * scale));
  canvas.getContext("2d").drawImage(bitmap, 0, 0, canvas.width, canvas.height);
  return new Promise((resolve) => canvas.toBlob(resolve, "image/jpeg", 0.8));
}
