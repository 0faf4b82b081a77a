// Decklist editor: "Add" buttons of the card search append a line to the decklist textarea
// (htmx then refreshes the verdict); Enter in the search box searches without leaving the page.
// Without JavaScript the same form searches and checks through ordinary submits.
(function () {
  "use strict";
  function init() {
    var editor = document.querySelector(".deck-editor");
    if (!editor) return;
    editor.classList.add("js");
    var area = document.getElementById("id_text");
    var search = document.getElementById("card-q");
    editor.addEventListener("click", function (event) {
      var button = event.target.closest("button.add-card");
      if (!button || !area) return;
      var text = area.value;
      if (text && text.slice(-1) !== "\n") text += "\n";
      area.value = text + button.getAttribute("data-line") + "\n";
      area.dispatchEvent(new Event("input", {bubbles: true}));
      area.focus();
    });
    if (search) {
      search.addEventListener("keydown", function (event) {
        if (event.key === "Enter") {
          event.preventDefault();
          if (window.htmx) window.htmx.trigger(search, "search");
        }
      });
    }
  }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", init);
  else init();
})();
