// The projector's round clock: every <time data-round-clock datetime="ISO end time"> shows the time left in large
// type ("12:34"), then "Time" once the round is over. The element is looked up on every tick, so the screen's
// htmx swaps (a new page every few seconds) keep their clock. Without JavaScript it keeps its text: the end time.
(function () {
  "use strict";
  function pad(n) { return (n < 10 ? "0" : "") + n; }
  function tick() {
    document.querySelectorAll("time[data-round-clock]").forEach(function (el) {
      var end = Date.parse(el.getAttribute("datetime"));
      if (isNaN(end)) { return; }
      var left = Math.round((end - Date.now()) / 1000);
      if (left <= 0) { el.textContent = "Time"; el.classList.add("over"); el.title = "The round ended at " + el.dataset.endText; return; }
      var h = Math.floor(left / 3600), m = Math.floor((left % 3600) / 60), s = left % 60;
      el.textContent = (h ? h + ":" + pad(m) : m) + ":" + pad(s);
      el.title = "ends at " + el.dataset.endText;
    });
  }
  tick();
  setInterval(tick, 1000);
  document.addEventListener("htmx:afterSwap", tick);
})();
