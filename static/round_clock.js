// Round clock: turns <time data-round-clock datetime="ISO end time"> into a live countdown.
// Without JavaScript the element keeps its text: the time the round ends.
(function () {
  "use strict";
  function pad(n) { return (n < 10 ? "0" : "") + n; }
  function tick(el, end) {
    var left = Math.round((end - Date.now()) / 1000);
    if (left <= 0) { el.textContent = "Time is up (the round ended at " + el.dataset.endText + ")"; return false; }
    var h = Math.floor(left / 3600), m = Math.floor((left % 3600) / 60), s = left % 60;
    el.textContent = (h ? h + ":" + pad(m) : m) + ":" + pad(s) + " left (ends at " + el.dataset.endText + ")";
    return true;
  }
  document.querySelectorAll("time[data-round-clock]").forEach(function (el) {
    var end = Date.parse(el.getAttribute("datetime"));
    if (isNaN(end)) { return; }
    el.dataset.endText = el.dataset.endText || el.textContent;
    if (tick(el, end)) {
      var timer = setInterval(function () { if (!tick(el, end)) { clearInterval(timer); } }, 1000);
    }
  });
})();
