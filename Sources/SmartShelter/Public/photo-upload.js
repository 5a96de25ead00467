// An animal's photo: draws its thumbnail on a canvas (the server carries no image codec)
// and sends the photo and the thumbnail together, with the page's CSRF token in a header
// (the photo is larger than a plain form may be). The server checks both are real images.
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
    body.append("photo", file, file.name);
    try {
      const thumbnail = await drawThumbnail(file, Number(form.dataset.side) || 400);
      if (thumbnail) body.append("thumbnail", thumbnail, "thumbnail.jpg");
    } catch (_) {
      // Not an image the browser can draw: the server says what is wrong with it.
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

async function drawThumbnail(file, side) {
  const bitmap = await createImageBitmap(file);
  const scale = Math.min(1, side / Math.max(bitmap.width, bitmap.height));
  const canvas = document.createElement("canvas");
  canvas.width = Math.max(1, Math.round(bitmap.width * scale));
  canvas.height = Math.max(1, Math.round(bitmap.height * scale));
  canvas.getContext("2d").drawImage(bitmap, 0, 0, canvas.width, canvas.height);
  return new Promise((resolve) => canvas.toBlob(resolve, "image/jpeg", 0.8));
}
