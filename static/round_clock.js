// Round clock (tournaments/fragments/round_clock.html): turns <time data-round-clock datetime="ISO end time"
// data-state="running|paused|time_up|finished" data-remaining="seconds"> into a live countdown while it runs.
// Paused: "paused, 12:34 left", no ticking (the organiser's resume reloads the page). Finished: "finished".
// At zero: "Time" (the judge's call). An ended round (every table confirmed, or the event finished) has no
// <time data-round-clock>: the page says "Ended at 14:32" and nothing counts down.
// Without JavaScript the element keeps its text: the time the round (or the table) ends.
// The words come from the element's data-text-* attributes, in the page's language ({% clock_texts %},
// tournaments/templatetags/clock_tags.py); English when they are missing.
(function () {
  "use strict";
  var ENGLISH = {textLeft: "{left} left (ends at {time})", textTimeUp: "Time",
                 textPaused: "paused, {left} left", textFinished: "finished"};
  function say(el, key, left) {
    return (el.dataset[key] || ENGLISH[key]).split("{left}").join(left || "")
      .split("{time}").join(el.dataset.endText || "");
  }
  function pad(n) { return (n < 10 ? "0" : "") + n; }
  function clock(seconds) {
    var h = Math.floor(seconds / 3600), m = Math.floor((seconds % 3600) / 60), s = seconds % 60;
    return (h ? h + ":" + pad(m) : m) + ":" + pad(s);
  }
  function tick(el, end) {
    var left = Math.round((end - Date.now()) / 1000);
    if (left <= 0) {
      el.dataset.state = "time_up";
      el.textContent = say(el, "textTimeUp");
      return false;
    }
    el.textContent = say(el, "textLeft", clock(left));
    return true;
  }
  function start(el) {
    if (el.dataset.clockBound) { return; }  // the fragment may be included more than once on a page
    el.dataset.clockBound = "1";
    var state = el.dataset.state || "running";
    if (state === "finished") { el.textContent = say(el, "textFinished"); return; }
    if (state === "paused") {
      var remaining = parseInt(el.dataset.remaining, 10);
      if (!isNaN(remaining)) { el.textContent = say(el, "textPaused", clock(Math.max(0, remaining))); }
      return;
    }
    var end = Date.parse(el.getAttribute("datetime"));
    if (isNaN(end)) { return; }
    el.dataset.endText = el.dataset.endText || el.textContent;
    if (tick(el, end)) {
      var timer = setInterval(function () { if (!tick(el, end)) { clearInterval(timer); } }, 1000);
    }
  }
  function all() { document.querySelectorAll("time[data-round-clock]").forEach(start); }
  all();
  document.addEventListener("htmx:afterSwap", all);
})();
