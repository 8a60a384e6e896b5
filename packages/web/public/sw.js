// Tabletop Lab service worker: shows the server's Web Push messages and opens the app on a click.
// Plain JavaScript, served as is from /sw.js (scope "/"). The server (packages/server/src/push) sends an
// encrypted JSON payload {title, body, url, tag}; the browser decrypts it before this code sees it.

self.addEventListener("install", () => {
  // A new version takes over at once; this worker keeps no caches that could go stale.
  self.skipWaiting();
});

self.addEventListener("activate", (event) => {
  event.waitUntil(self.clients.claim());
});

self.addEventListener("push", (event) => {
  let data = {};
  try {
    data = event.data ? event.data.json() : {};
  } catch {
    data = { body: event.data ? event.data.text() : "" };
  }
  const options = {
    body: typeof data.body === "string" ? data.body : "",
    icon: "/favicon.svg",
    data: { url: typeof data.url === "string" ? data.url : "/" },
  };
  if (typeof data.tag === "string" && data.tag) {
    // Same tag: the new notification replaces the old one, and alerts again.
    options.tag = data.tag;
    options.renotify = true;
  }
  // Browsers require every push to show a notification (userVisibleOnly), so always show one.
  event.waitUntil(self.registration.showNotification(data.title || "Tabletop Lab", options));
});

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  event.waitUntil(openApp(event.notification.data?.url));
});

/** Focuses a tab already showing the url; else takes over an app tab not at a game table; else opens one. */
async function openApp(url) {
  let target = new URL(url || "/", self.location.origin);
  if (target.origin !== self.location.origin) target = new URL("/", self.location.origin);
  const tabs = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
  const same = tabs.find((tab) => {
    const at = new URL(tab.url);
    return at.pathname === target.pathname && at.search === target.search;
  });
  if (same) return same.focus();
  // Do not pull a player away from another table they have open.
  const idle = tabs.find((tab) => !new URL(tab.url).pathname.includes("/table/"));
  if (idle) {
    try {
      const focused = await idle.focus();
      return await focused.navigate(target.href);
    } catch {
      // navigate() only works on tabs this worker controls; fall through and open a new one.
    }
  }
  return self.clients.openWindow(target.href);
}
