// The projector's round clock: every <time data-round-clock datetime="ISO end time"> shows the time left in large
// type ("12:34"), then "Time" once the round is over. The element is looked up on every tick, so the screen's
// htmx swaps (a new page every few seconds) keep their clock. Without JavaScript it keeps its text: the end time.
// The words come from the element's data-text-* attributes, in the page's language ({% clock_texts %},
// tournaments/templatetags/clock_tags.py); English when they are missing.
(function () {
  "use strict";
  var ENGLISH = {textOver: "Time", textEndsAt: "ends at {time}", textEndedAt: "The round ended at {time}"};
  function say(el, key) { return (el.dataset[key] || ENGLISH[key]).split("{time}").join(el.dataset.endText || ""); }
  function pad(n) { return (n < 10 ? "0" : "") + n; }
  function tick() {
    document.querySelectorAll("time[data-round-clock]").forEach(function (el) {
      var end = Date.parse(el.getAttribute("datetime"));
      if (isNaN(end)) { return; }
      var left = Math.round((end - Date.now()) / 1000);
      if (left <= 0) { el.textContent = say(el, "textOver"); el.classList.add("over"); el.title = say(el, "textEndedAt"); return; }
      var h = Math.floor(left / 3600), m = Math.floor((left % 3600) / 60), s = left % 60;
      el.textContent = (h ? h + ":" + pad(m) : m) + ":" + pad(s);
      el.title = say(el, "textEndsAt");
    });
  }
  tick();
  setInterval(tick, 1000);
  document.addEventListener("htmx:afterSwap", tick);
})();
