// Web push opt-in on the account page (issue 25): registers the service worker (/push-sw.js), subscribes this
// browser with the site's VAPID key and posts the subscription to /account/push/ (action=on), or unsubscribes it
// (action=off). The form stays hidden where the browser has no Push API.
(function () {
  "use strict";
  var form = document.getElementById("push-form");
  if (!form || !("serviceWorker" in navigator) || !("PushManager" in window) || !("Notification" in window)) {
    return;
  }
  var state = document.getElementById("push-state");
  var on = document.getElementById("push-on");
  var off = document.getElementById("push-off");

  function keyBytes(base64) {
    var padded = (base64 + "===".slice((base64.length + 3) % 4)).replace(/-/g, "+").replace(/_/g, "/");
    var raw = window.atob(padded);
    var bytes = new Uint8Array(raw.length);
    for (var i = 0; i < raw.length; i++) { bytes[i] = raw.charCodeAt(i); }
    return bytes;
  }

  function show(subscribed, message) {
    on.hidden = subscribed;
    off.hidden = !subscribed;
    state.textContent = message || state.dataset[subscribed ? "on" : "off"];
  }

  function post(action, subscription) {
    var data = new FormData();
    data.append("csrfmiddlewaretoken", form.querySelector("[name=csrfmiddlewaretoken]").value);
    data.append("action", action);
    var json = subscription.toJSON();
    data.append("endpoint", json.endpoint);
    data.append("p256dh", (json.keys || {}).p256dh || "");
    data.append("auth", (json.keys || {}).auth || "");
    return fetch(form.action, {method: "POST", body: data, credentials: "same-origin"}).then(function (response) {
      if (!response.ok) { throw new Error("HTTP " + response.status); }
    });
  }

  function registration() {
    return navigator.serviceWorker.register(form.dataset.worker, {scope: "/"});
  }

  on.addEventListener("click", function () {
    Notification.requestPermission().then(function (permission) {
      if (permission !== "granted") { show(false, state.dataset.denied); return null; }
      return registration().then(function (reg) {
        return reg.pushManager.subscribe({userVisibleOnly: true, applicationServerKey: keyBytes(form.dataset.key)});
      }).then(function (subscription) {
        return post("on", subscription).then(function () { show(true); });
      });
    }).catch(function () { show(false, state.dataset.failed); });
  });

  off.addEventListener("click", function () {
    registration().then(function (reg) { return reg.pushManager.getSubscription(); }).then(function (subscription) {
      if (!subscription) { show(false); return null; }
      return post("off", subscription).then(function () { return subscription.unsubscribe(); })
        .then(function () { show(false); });
    }).catch(function () { show(true, state.dataset.failed); });
  });

  form.hidden = false;
  registration().then(function (reg) { return reg.pushManager.getSubscription(); })
    .then(function (subscription) { show(Boolean(subscription)); })
    .catch(function () { show(false); });
}());
