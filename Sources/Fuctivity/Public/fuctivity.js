// Reminders on an open page: when the server says one is due (a "reminder" event on the
// page's live stream), show it at the top of the page, and as a system notification when
// the person allowed them. The phone's calendar feed reminds even with no page open.

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
});

// The profile's button asks for permission to show system notifications.
const enable = document.getElementById("enable-notifications");
if (enable && "Notification" in window && Notification.permission === "default") {
  enable.hidden = false;
  enable.addEventListener("click", async () => {
    await Notification.requestPermission();
    enable.hidden = true;
  });
}
