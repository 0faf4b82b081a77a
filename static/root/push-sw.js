// The web push service worker (issue 25), served at the site's root (whitenoise's WHITENOISE_ROOT) so its scope is
// the whole site. A push carries {"title", "body", "url"} (tournaments.services.notifications); a click on the
// notification opens its url, or focuses a tab already showing it.
self.addEventListener("push", function (event) {
  var data = {};
  try { data = event.data ? event.data.json() : {}; } catch (e) { data = {body: event.data ? event.data.text() : ""}; }
  event.waitUntil(self.registration.showNotification(data.title || "Spellfire", {
    body: data.body || "",
    icon: "/static/favicon.svg",
    data: {url: data.url || "/"},
  }));
});

self.addEventListener("notificationclick", function (event) {
  event.notification.close();
  var url = (event.notification.data || {}).url || "/";
  event.waitUntil(self.clients.matchAll({type: "window", includeUncontrolled: true}).then(function (tabs) {
    for (var i = 0; i < tabs.length; i++) {
      if (tabs[i].url === url && "focus" in tabs[i]) { return tabs[i].focus(); }
    }
    return self.clients.openWindow(url);
  }));
});
