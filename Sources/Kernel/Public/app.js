// Progressive enhancements shared by every page. Pages work without this file.

// Forms with data-confirm ask first, in an accessible dialog, instead of the
// browser's confirm() box (which cannot be styled large enough for our users).
function confirmSubmit(form) {
  const body = document.body;
  const dialog = document.createElement("dialog");
  dialog.className = "confirm";
  dialog.setAttribute("aria-labelledby", "confirm-question");
  const question = document.createElement("p");
  question.id = "confirm-question";
  question.className = "lead";
  question.textContent = form.dataset.confirm;
  const actions = document.createElement("div");
  actions.className = "actions";
  const yes = document.createElement("button");
  yes.type = "button";
  yes.className = "button button-yes";
  yes.textContent = body.dataset.confirmYes || "Так";
  const no = document.createElement("button");
  no.type = "button";
  no.className = "button button-no";
  no.textContent = body.dataset.confirmNo || "Ні";
  actions.append(yes, no);
  dialog.append(question, actions);
  document.body.append(dialog);
  const close = () => dialog.remove();
  no.addEventListener("click", close);
  dialog.addEventListener("cancel", close);
  yes.addEventListener("click", () => {
    close();
    // A live region may have re-rendered the form while the question was open: submit
    // the one now on the page with the same action. If the action is gone (the order
    // was finished meanwhile), the page already shows why.
    const target = form.isConnected ? form : [...document.querySelectorAll("form[data-confirm]")]
      .find((candidate) => candidate.getAttribute("action") === form.getAttribute("action"));
    if (!target) return;
    target.dataset.confirmed = "true";
    target.requestSubmit();
  });
  dialog.showModal();
  no.focus();
}

document.addEventListener("submit", (event) => {
  const form = event.target;
  if (!(form instanceof HTMLFormElement) || !form.dataset.confirm) return;
  if (form.dataset.confirmed === "true") {
    delete form.dataset.confirmed;
    return;
  }
  event.preventDefault();
  confirmSubmit(form);
});

// A one-time token in every form that posts (the server's IdempotencyMiddleware): a
// double tap, or the browser sending the form again after a dropped connection, carries
// the same token, and the server does the change once and shows its first result again.
// Forms that scripts send themselves (they cancel the submit event first) get none. A
// page brought back from the browser's history gets new tokens: sending it again is a
// new change, made on purpose.
function oneTimeToken() {
  if (window.crypto && crypto.randomUUID) return crypto.randomUUID();
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("");
}

document.addEventListener("submit", (event) => {
  const form = event.target;
  if (!(form instanceof HTMLFormElement) || event.defaultPrevented || form.method.toLowerCase() !== "post") return;
  let field = form.querySelector('input[name="_once"]');
  if (!field) {
    field = document.createElement("input");
    field.type = "hidden";
    field.name = "_once";
    form.append(field);
  }
  if (!field.value) field.value = oneTimeToken();
});

window.addEventListener("pageshow", (event) => {
  if (!event.persisted) return;
  for (const field of document.querySelectorAll('input[name="_once"]')) field.value = "";
});

// Buttons with data-print open the browser's print dialog (certificates).
document.addEventListener("click", (event) => {
  if (event.target instanceof Element && event.target.closest("[data-print]")) window.print();
});

// Fields with data-warn-pattern say their warning (into the element data-warn-target
// names) while what is typed or chosen matches: a person learns before sending, not
// after. "change" too: a <select> changed by a script fires only that.
function sayWarning(event) {
  const field = event.target;
  if (!(field instanceof HTMLElement) || !field.dataset.warnPattern) return;
  const warning = document.getElementById(field.dataset.warnTarget);
  if (!warning) return;
  const text = new RegExp(field.dataset.warnPattern).test(field.value) ? field.dataset.warnMessage : "";
  if (warning.textContent !== text) warning.textContent = text;
}
document.addEventListener("input", sayWarning);
document.addEventListener("change", sayWarning);

// A form that came back with errors: its summary takes the focus (and so is in view and
// read out), and each of its links moves the focus into the field it names.
document.querySelector("[data-error-summary]")?.focus();
document.addEventListener("click", (event) => {
  const link = event.target instanceof Element && event.target.closest("[data-error-summary] a[href^='#']");
  if (!link) return;
  const field = document.getElementById(link.getAttribute("href").slice(1));
  if (!field) return;
  event.preventDefault();
  field.scrollIntoView({ block: "center" });
  field.focus();
});

// Password fields' «Показати пароль» (FormField): shown only where this script runs,
// it turns the field to plain text and back; the page never sends it anywhere.
for (const button of document.querySelectorAll("button[data-reveal]")) {
  const field = document.getElementById(button.dataset.reveal);
  if (!field) continue;
  button.hidden = false;
  button.addEventListener("click", () => {
    const shown = field.type === "password";
    field.type = shown ? "text" : "password";
    button.setAttribute("aria-pressed", String(shown));
  });
}

// «Копіювати» beside a key, an example command or an address (Components.copyButton):
// shown only where this script runs; it copies the named element's text (a field's
// value) and says so for a moment. The clipboard API needs a secure page; elsewhere the
// text is selected and copied the old way.
for (const button of document.querySelectorAll("button[data-copy]")) {
  const source = document.getElementById(button.dataset.copy);
  if (!source) continue;
  const isField = source instanceof HTMLInputElement || source instanceof HTMLTextAreaElement;
  button.hidden = false;
  const label = button.textContent;
  button.addEventListener("click", async () => {
    let copied = false;
    try {
      await navigator.clipboard.writeText(isField ? source.value : source.textContent);
      copied = true;
    } catch {
      if (isField) {
        source.select();
      } else {
        const range = document.createRange();
        range.selectNodeContents(source);
        getSelection().removeAllRanges();
        getSelection().addRange(range);
      }
      copied = document.execCommand("copy");
    }
    if (!copied) return;
    button.textContent = button.dataset.copied;
    setTimeout(() => { button.textContent = label; }, 2000);
  });
}
