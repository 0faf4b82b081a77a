// The create form (tournaments/new.html): with JavaScript, the structure's options follow the choice at once
// (htmx swaps #structure-options), so the no-JavaScript "Show its options" button goes; and a first event takes
// the browser's time zone (Intl) when the field is empty (data-fill-zone: the organiser has no earlier event).
document.addEventListener("DOMContentLoaded", () => {
  if (window.htmx) {
    document.querySelectorAll(".structure-show").forEach((button) => { button.hidden = true; });
  }
  const zone = document.querySelector("input[data-fill-zone]");
  if (zone && !zone.value) {
    try {
      zone.value = Intl.DateTimeFormat().resolvedOptions().timeZone || "";
    } catch (error) {
      // an old browser: the field stays empty (UTC)
    }
  }
});
