// Reminders on an open page: when the server says one is due (a "reminder" event on the
// page's live stream), show it at the top of the page, and as a system notification when
// the person allowed them (the kernel's push button asks). With the page closed, Web Push
// brings the same reminder, with the same tag, and the phone's calendar feed rings too.

// A banner at the top of the page: a link to the activity, with the words the shell
// keeps in a <template> (in the page's language) before `title`.
function banner(kind, role, activityId, wordsID, title) {
  const box = document.createElement("div");
  box.className = `flash flash-info ${kind}`;
  box.setAttribute("role", role);
  const link = document.createElement("a");
  link.href = `/fuctivity/activities/${activityId}`;
  const words = document.getElementById(wordsID);
  link.textContent = `${words ? words.content.textContent : ""} ${title}`;
  box.append(link);
  (document.getElementById("main") || document.body).prepend(box);
}

function show(reminder) {
  const time = new Date(reminder.startsAt).toLocaleTimeString(document.documentElement.lang, { hour: "2-digit", minute: "2-digit" });
  banner("reminder-banner", "alert", reminder.activityId, "reminder-text", `${reminder.title} — ${time}`);
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
  banner("rate-banner", "status", ended.activityId, "rate-text", ended.title);
}
