// Irreversible actions ask first: a <form data-confirm="Question?"> (or a button with data-confirm) is only sent
// once the user answers OK. Without JavaScript the form is sent as it is (the server still checks everything).
(function () {
  "use strict";
  document.addEventListener("submit", function (event) {
    var form = event.target;
    var button = event.submitter;
    var question = (button && button.dataset.confirm) || form.dataset.confirm;
    if (question && !window.confirm(question)) { event.preventDefault(); }
  }, true);
})();
