// The site's service worker: sw.js at the site root, so its scope holds the four languages.
// tools/offline_sw.mjs writes it from this file with Workbox's injectManifest, which puts the
// precache manifest (every file of the built site with a hash of its content) in place of the
// placeholder below, and copies the Workbox modules it imports into _workbox/.
//
// - Install: every file of the manifest is stored (pages, styles and scripts first, then Pyodide
//   and the engine wheel); entries whose hash is already cached are not fetched again.
// - A new version waits beside the running one, which keeps serving its own files, until the
//   page asks it to take over ({type: 'SKIP_WAITING'}, when the reader accepts the reload).
// - Activation: entries and caches the new version no longer lists are removed.
// - Requests are answered from the cache, whatever their query string (Sphinx's `?v=<hash>`,
//   the engine worker's `?index=`, the search page's `?q=`); anything else goes to the network.
// - A HEAD request for a stored file (the engine worker asks whether the wheel is there before it
//   loads it) is answered with the stored response's headers, so it works offline too.
importScripts(
  '_workbox/workbox-core.prod.js',
  '_workbox/workbox-routing.prod.js',
  '_workbox/workbox-strategies.prod.js',
  '_workbox/workbox-precaching.prod.js',
);

const { core, precaching, routing } = self.workbox;

core.setCacheNameDetails({ prefix: 'linger-longer' });
self.addEventListener('message', (event) => {
  if (event.data && event.data.type === 'SKIP_WAITING') self.skipWaiting();
});
// The first install controls the pages already open, so they work offline without a reload.
core.clientsClaim();
precaching.cleanupOutdatedCaches();
precaching.addPlugins([{
  // The install asks the server whether its copy is still current (a conditional request) instead of
  // downloading every file again: what the page itself has just loaded, Pyodide above all, comes from the
  // browser's HTTP cache after a 304, and a file that changed is downloaded as usual.
  requestWillFetch: async ({ request, event }) =>
    event && event.type === 'install' ? new Request(request, { cache: 'no-cache' }) : request,
}, {
  // A worker's location is the URL of the response that started it. A cached response carries
  // the URL it was stored under, without the query string the page gave the worker (the engine
  // worker reads its `?index=` there): a copy of the response has no URL of its own, so the
  // worker keeps the one it was started with.
  cachedResponseWillBeUsed: async ({ event, cachedResponse }) => {
    const destination = event && event.request ? event.request.destination : '';
    return cachedResponse && (destination === 'worker' || destination === 'sharedworker')
      ? core.copyResponse(cachedResponse)
      : cachedResponse;
  },
}]);
precaching.precacheAndRoute(self.__WB_MANIFEST, {
  ignoreURLParametersMatching: [/./],
  directoryIndex: 'index.html',
  cleanURLs: false,
});
routing.registerRoute(
  ({ request }) => request.method === 'HEAD',
  async ({ request }) => {
    const cached = await precaching.matchPrecache(request.url);
    if (!cached) return fetch(request);
    return new Response(null, { status: cached.status, statusText: cached.statusText, headers: cached.headers });
  },
  'HEAD',
);
