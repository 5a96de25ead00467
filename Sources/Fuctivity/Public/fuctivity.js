// Reminders on an open page: when the server says one is due (a "reminder" event on the
// page's live stream), show it at the top of the page, and as a system notification when
// the person allowed them (the kernel's push button asks). With the page closed, Web Push
// brings the same reminder, with the same tag, and the phone's calendar feed rings too.

function show(reminder) {
  const banner = document.createElement("div");
  banner.className = "flash flash-info reminder-banner";
  banner.setAttribute("role", "alert");
  const link = document.createElement("a");
  link.href = `/fuctivity/activities/${reminder.activityId}`;
  const time = new Date(reminder.startsAt).toLocaleTimeString(document.documentElement.lang, { hour: "2-digit", minute: "2-digit" });
  const words = document.getElementById("reminder-text");
  link.textContent = `${words ? words.content.textContent : ""} ${reminder.title} — ${time}`;
  banner.append(link);
  const main = document.getElementById("main");
  (main || document.body).prepend(banner);
  if ("Notification" in window && Notification.permission === "granted") {
    new Notification(reminder.title, { body: time, tag: reminder.reminderId });
  }
}

document.addEventListener("hromada:event", (event) => {
  if (event.detail.name === "reminder" && event.detail.data) show(event.detail.data);
  if (event.detail.name === "rate" && event.detail.data) askToRate(event.detail.data);
});

// An activity has just ended: a link to rate it, at the top of the page.
function askToRate(ended) {
  const banner = document.createElement("div");
  banner.className = "flash flash-info rate-banner";
  banner.setAttribute("role", "status");
  const link = document.createElement("a");
  link.href = `/fuctivity/activities/${ended.activityId}`;
  const words = document.getElementById("rate-text");
  link.textContent = `${words ? words.content.textContent : ""} ${ended.title}`;
  banner.append(link);
  (document.getElementById("main") || document.body).prepend(banner);
}
