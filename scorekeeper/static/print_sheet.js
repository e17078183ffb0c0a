// The live preview: redraw it when the form changes, and show in one line what to fix.
(function () {
  const me = document.currentScript;
  const form = document.getElementById("sheet-form");
  const box = document.getElementById("preview");
  const errors = document.getElementById("errors");
  const usePng = me.dataset.png === "true";
  let timer = null, serial = 0;
  function query() {
    const params = new URLSearchParams();
    for (const [key, value] of new FormData(form)) if (value !== "" && key !== "download") params.append(key, value);
    return params.toString();
  }
  function showError(text) {
    errors.replaceChildren(Object.assign(document.createElement("p"), {textContent: text}));
    errors.hidden = false;
    box.replaceChildren();
  }
  async function refresh() {
    const mine = ++serial, q = query();
    history.replaceState(null, "", "?" + q);
    const url = (usePng ? me.dataset.pngUrl : me.dataset.pdfUrl) + "?" + q;
    try {
      const response = await fetch(url);
      if (mine !== serial) return;
      if (!response.ok) {
        const text = await response.text();
        showError(usePng ? text : _("Check the form: the sheet cannot be made from these settings."));
        return;
      }
      const blob = await response.blob();
      if (mine !== serial) return;
      errors.hidden = true;
      const view = document.createElement(usePng ? "img" : "iframe");
      view.id = usePng ? "preview-img" : "preview-pdf";
      if (usePng) { view.alt = _("Preview of the first page of the sheet"); view.width = 420; }
      view.src = URL.createObjectURL(blob);
      box.replaceChildren(view);
    } catch (error) {
      if (mine === serial) showError(_("The preview could not be loaded: %(error)s", {error: error.message}));
    }
  }
  form.addEventListener("input", () => { clearTimeout(timer); timer = setTimeout(refresh, 350); });
  form.addEventListener("change", () => { clearTimeout(timer); timer = setTimeout(refresh, 150); });
})();
