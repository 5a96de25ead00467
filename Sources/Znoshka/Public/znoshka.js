// Taking a test: every answer is saved as it is given (the form posts in the background
// and the cell in the strip turns "answered"), the strip follows the question in view as
// the person swipes, and the timer counts the server's time down. Without this script
// each form still posts and the page comes back at the same question.

const strip = document.querySelector(".strip");
const questions = document.getElementById("questions");

function cellFor(number) {
  return strip ? strip.querySelector(`[data-cell="${number}"]`) : null;
}

function markCell(number, answered, flagged) {
  const cell = cellFor(number);
  if (!cell) return;
  cell.classList.toggle("answered", answered);
  cell.classList.toggle("flagged", flagged);
  const words = cell.getAttribute("aria-label").split(", ")[0];
  const state = [words, answered ? document.documentElement.lang === "en" ? "answered" : "є відповідь"
    : document.documentElement.lang === "en" ? "not answered" : "без відповіді"];
  if (flagged) state.push(document.documentElement.lang === "en" ? "flagged" : "позначене");
  cell.setAttribute("aria-label", state.join(", "));
}

function updateCount() {
  const counter = document.querySelector(".answered-count");
  if (!counter || !strip) return;
  const answered = strip.querySelectorAll(".cell.answered").length;
  const total = counter.dataset.total;
  counter.textContent = document.documentElement.lang === "en" ? `${answered} of ${total} answered.` : `Відповіли на ${answered} з ${total}.`;
}

// Before finishing: the tasks still without an answer and those flagged, as links, read
// off the strip; the finish dialog's question starts with the same words.
const summary = document.querySelector(".finish-summary");
const finishForm = summary ? summary.closest(".finish").querySelector("form[data-confirm]") : null;

function updateSummary() {
  if (!summary || !strip) return;
  const numbers = (selector) => [...strip.querySelectorAll(selector)].map((cell) => cell.dataset.cell);
  const open = numbers(".cell:not(.answered)"), flagged = numbers(".cell.flagged");
  const line = (label, list) => {
    const p = document.createElement("p");
    p.append(label + " ");
    for (const number of list) {
      const link = document.createElement("a");
      link.href = `#q-${number}`;
      link.className = "task-link";
      link.setAttribute("aria-label", summary.dataset.task.replace("{number}", number));
      link.textContent = number;
      p.append(link);
    }
    return p;
  };
  const lines = [];
  if (open.length) lines.push(line(summary.dataset.open, open));
  if (flagged.length) lines.push(line(summary.dataset.flagged, flagged));
  if (!lines.length) {
    const done = document.createElement("p");
    done.textContent = summary.dataset.done;
    lines.push(done);
  }
  summary.replaceChildren(...lines);
  if (finishForm) {
    const said = [];
    if (open.length) said.push(`${summary.dataset.open} ${open.join(", ")}.`);
    if (flagged.length) said.push(`${summary.dataset.flagged} ${flagged.join(", ")}.`);
    finishForm.dataset.confirm = [...said, summary.dataset.ask].join(" ");
  }
}

async function save(form, action) {
  const section = form.closest(".question");
  const status = form.querySelector(".save-status");
  const body = new FormData(form);
  body.set("action", action);
  try {
    // getAttribute: the buttons are named "action", which shadows form.action.
    const response = await fetch(form.getAttribute("action"), { method: "POST", body, headers: { Accept: "application/json" }, credentials: "same-origin" });
    const answer = await response.json().catch(() => ({}));
    if (!response.ok) {
      status.classList.add("error");
      status.textContent = answer.detail || answer.title || response.statusText;
      // Time is up or the attempt ended elsewhere: the page shows the result.
      if (response.status === 409) setTimeout(() => location.reload(), 1500);
      return;
    }
    status.classList.remove("error");
    status.textContent = answer.answered ? (document.documentElement.lang === "en" ? "Answer saved." : "Відповідь збережено.") : "";
    if (action === "clear") form.reset();
    markCell(section.dataset.number, answer.answered, answer.flagged);
    updateCount();
    updateSummary();
  } catch {
    status.classList.add("error");
    status.textContent = document.documentElement.lang === "en" ? "Not saved: no connection. Try again." : "Не збережено: немає зв’язку. Спробуйте ще раз.";
  }
}

// The sign button beside a number: a phone's decimal keypad may have no minus.
for (const button of document.querySelectorAll(".sign-toggle")) {
  button.hidden = false;
  button.addEventListener("click", () => {
    const field = document.getElementById(button.getAttribute("aria-controls"));
    const value = field.value.trim();
    field.value = /^[-\u2212]/.test(value) ? value.slice(1) : "-" + value;
    field.dispatchEvent(new Event("change", { bubbles: true }));
  });
}

for (const form of document.querySelectorAll("form.answer-form")) {
  form.addEventListener("change", (event) => {
    // A typed number is saved when the field is left, not at every key.
    if (event.target.name === "number" && event.type === "change") save(form, "save");
    else if (event.target.name !== "number") save(form, "save");
  });
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    save(form, event.submitter && event.submitter.value === "clear" ? "clear" : "save");
  });
}

// The strip follows the question in view.
if (questions && "IntersectionObserver" in window) {
  const observer = new IntersectionObserver((entries) => {
    for (const entry of entries) {
      if (!entry.isIntersecting) continue;
      for (const current of strip.querySelectorAll("[aria-current]")) current.removeAttribute("aria-current");
      const cell = cellFor(entry.target.dataset.number);
      if (cell) {
        cell.setAttribute("aria-current", "true");
        cell.scrollIntoView({ block: "nearest", inline: "nearest" });
      }
    }
  }, { root: questions, threshold: 0.6 });
  for (const section of questions.querySelectorAll(".question")) observer.observe(section);
}

// The server's time, counted down; at zero the page reloads and the server finishes it.
const timer = document.querySelector(".timer[data-seconds-left]");
if (timer) {
  const ends = Date.now() + Number(timer.dataset.secondsLeft) * 1000;
  const value = timer.querySelector(".timer-value");
  const tick = () => {
    const left = Math.max(0, Math.round((ends - Date.now()) / 1000));
    const h = Math.floor(left / 3600), m = Math.floor(left / 60) % 60, s = left % 60;
    const two = (n) => String(n).padStart(2, "0");
    value.textContent = h > 0 ? `${h}:${two(m)}:${two(s)}` : `${two(m)}:${two(s)}`;
    timer.classList.toggle("low", left < 300);
    if (left === 0) location.reload();
    else setTimeout(tick, 1000);
  };
  tick();
}
