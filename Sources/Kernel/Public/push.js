// Web Push: a button with data-push-subscribe (Components.pushButton) offers to send
// notifications when the page is closed. It stays hidden where the browser cannot push
// or the person already said no, and it asks for permission only when pressed — never
// on load. Once subscribed, the subscription is refreshed on each visit (a browser may
// rotate it) and the button gives way to a short note.

function bytesFromBase64URL(text) {
  const base64 = text.replace(/-/g, "+").replace(/_/g, "/") + "===".slice((text.length + 3) % 4);
  return Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
}

async function save(button, subscription) {
  const response = await fetch(`${button.dataset.pushApp}/push-subscriptions`, {
    method: "POST",
    credentials: "same-origin",
    headers: { "Content-Type": "application/json", "X-CSRF-Token": button.dataset.csrf },
    body: JSON.stringify(subscription),
  });
  if (!response.ok) throw new Error(`subscription refused: ${response.status}`);
}

function showEnabled(button) {
  button.hidden = true;
  const note = document.querySelector("[data-push-enabled]");
  if (note) note.hidden = false;
}

async function offer(button) {
  const app = button.dataset.pushApp;
  const registration = await navigator.serviceWorker.register(`${app}/service-worker.js`, { scope: `${app}/` });
  const existing = await registration.pushManager.getSubscription();
  if (existing && Notification.permission === "granted") {
    await save(button, existing);
    showEnabled(button);
    return;
  }
  button.hidden = false;
  button.dataset.pushReady = "true";
  button.addEventListener("click", async () => {
    const permission = await Notification.requestPermission();
    if (permission !== "granted") { button.hidden = true; return; }
    const key = await (await fetch(`${app}/push-key`, { credentials: "same-origin" })).json();
    const subscription = await registration.pushManager.subscribe({
      userVisibleOnly: true, applicationServerKey: bytesFromBase64URL(key.publicKey),
    });
    await save(button, subscription);
    showEnabled(button);
  });
}

const button = document.querySelector("[data-push-subscribe]");
if (button && "serviceWorker" in navigator && "PushManager" in window && "Notification" in window
    && Notification.permission !== "denied") {
  offer(button).catch(() => { button.hidden = true; });
}
