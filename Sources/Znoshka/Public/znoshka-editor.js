// The question form: shows only the fields the chosen kind of question uses (options,
// statements or items, tolerance). Without this script every field shows, with hints
// saying which kind uses it; the server reads only the ones that apply.

const fieldsByKind = {
  single: ["options"],
  matching: ["options", "prompts"],
  sequence: ["prompts"],
  choose3: ["options"],
  number: ["tolerance"],
};
const kind = document.querySelector('select[name="type"]');

if (kind && document.getElementById("field-options")) {
  const showFields = () => {
    const used = fieldsByKind[kind.value] || [];
    for (const name of ["options", "prompts", "tolerance"]) {
      document.getElementById(`field-${name}`).closest(".field").hidden = !used.includes(name);
    }
  };
  kind.addEventListener("change", showFields);
  showFields();
}
