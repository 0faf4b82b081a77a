// The manage page's tab bar (tournaments/fragments/manage_tabs.html) is one line that scrolls sideways inside
// itself on a phone: bring the current tab into view, centred when it can be, so "Audit log" (the last tab) is
// seen on its own page. Without JavaScript the bar still scrolls by hand.
(function () {
  "use strict";
  var bar = document.querySelector(".manage-tabs > .nav");
  var current = bar && bar.querySelector("[aria-current=page]");
  if (!current || bar.scrollWidth <= bar.clientWidth) { return; }
  var outer = bar.getBoundingClientRect();
  var tab = current.getBoundingClientRect();
  if (tab.left < outer.left || tab.right > outer.right) {
    bar.scrollLeft += tab.left - outer.left - (outer.width - tab.width) / 2;
  }
})();
