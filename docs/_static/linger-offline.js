// @ts-check
/**
 * The site offline: registers the service worker (`sw.js` at the site root, so its scope holds the
 * four languages) once the page has loaded and gone idle, so that filling the cache never competes
 * with the page's first paint or its own requests; the page itself fetches nothing more. On a page
 * with a live engine (a walkthrough, the Play page) it also waits until that engine has started or
 * failed (the `linger-engine` event of linger-engine.mjs; at most ENGINE_WAIT_MS): the fill would
 * otherwise download Pyodide and the rest of the site while the engine downloads and compiles
 * Pyodide, and make the reader wait longer for the live examples.
 *
 * - The first visit: the worker stores the whole site (every page in the four languages, Pyodide
 *   and the engine wheel) in the background; when it is active the page is marked
 *   `data-linger-offline="ready"` on <html> and `performance.mark('linger-offline-ready')`.
 * - A new version on the server: the browser installs it beside the running one, which keeps
 *   serving the files this page came with. The page then says so, in its language (the words come
 *   escaped in this script tag's data attributes, from the site's catalog), and offers to reload;
 *   on "reload" the new version takes over and every open page of the site reloads, so no page
 *   ever mixes files of two versions.
 * - A reader who asked the browser to save data (`navigator.connection.saveData`) gets no
 *   background download; the site then works online only, as without a service worker.
 *
 * `window.lingerOffline` exposes the registration and `checkForUpdate()` (also run when the page
 * becomes visible again).
 */
(function () {
  "use strict";
  const script = /** @type {HTMLScriptElement | null} */ (document.currentScript);
  if (!script || !("serviceWorker" in navigator)) return;
  const nav = /** @type {Navigator & {connection?: {saveData?: boolean}}} */ (navigator);
  if (nav.connection && nav.connection.saveData) return;
  const data = script.dataset;
  const root = new URL(data.root || "./", location.href);
  const swURL = new URL(data.sw || "sw.js", root);
  const words = { update: data.update || "", reload: data.reload || "", later: data.later || "" };
  /** @type {{registration: ServiceWorkerRegistration | null, state: string, checkForUpdate: () => Promise<void>}} */
  const api = { registration: null, state: "waiting-for-idle", checkForUpdate };
  Object.assign(window, { lingerOffline: api });
  // Set when this page was loaded under a service worker: a later change of worker is a new version.
  const hadController = Boolean(navigator.serviceWorker.controller);
  let reloading = false;

  /** Run `fn` once the page has painted its content (or, where the browser does not say, two frames later). */
  function whenPainted(/** @type {() => void} */ fn) {
    const painted = () => performance.getEntriesByName("first-contentful-paint").length > 0;
    const types = (window.PerformanceObserver && PerformanceObserver.supportedEntryTypes) || [];
    if (painted() || !types.includes("paint")) {
      requestAnimationFrame(() => requestAnimationFrame(() => fn()));
      return;
    }
    const observer = new PerformanceObserver(() => {
      if (!painted()) return;
      observer.disconnect();
      fn();
    });
    observer.observe({ type: "paint", buffered: true });
  }

  /** How long to wait for the page's engine at most: the worker's own start gives up after 60 s. */
  const ENGINE_WAIT_MS = 60000;

  /** Run `fn` once the page's live engine has started or failed, at once on a page without one. */
  function afterEngine(/** @type {() => void} */ fn) {
    const root = document.documentElement;
    if (!document.querySelector("script[data-pyodide]") || root.dataset.lingerEngine) {
      fn();
      return;
    }
    let done = false;
    const go = () => {
      if (done) return;
      done = true;
      document.removeEventListener("linger-engine", go);
      fn();
    };
    document.addEventListener("linger-engine", go);
    setTimeout(go, ENGINE_WAIT_MS);
  }

  /** Run `fn` once the page has loaded, painted, and the main thread is idle. */
  function whenIdle(/** @type {() => void} */ fn) {
    const idle = () => ("requestIdleCallback" in window ? window.requestIdleCallback(fn, { timeout: 4000 }) : setTimeout(fn, 1000));
    const loaded = () => whenPainted(idle);
    if (document.readyState === "complete") loaded();
    else window.addEventListener("load", loaded, { once: true });
  }

  function markReady() {
    if (api.state === "ready") return;
    api.state = "ready";
    document.documentElement.dataset.lingerOffline = "ready";
    performance.mark("linger-offline-ready");
  }

  async function checkForUpdate() {
    if (api.registration) await api.registration.update().catch(() => {});
  }

  /** The notice that a new version is ready, in the page's language, with a button to switch. */
  function offerUpdate(/** @type {ServiceWorker} */ waiting) {
    if (document.querySelector(".linger-update")) return;
    document.documentElement.dataset.lingerOffline = "update";
    const box = document.createElement("div");
    box.className = "linger-update";
    box.setAttribute("role", "status");
    const text = document.createElement("p");
    text.textContent = words.update;
    const reload = document.createElement("button");
    reload.type = "button";
    reload.className = "linger-update-reload";
    reload.textContent = words.reload;
    reload.addEventListener("click", () => {
      reload.disabled = true;
      waiting.postMessage({ type: "SKIP_WAITING" });
    });
    const later = document.createElement("button");
    later.type = "button";
    later.className = "linger-update-later";
    later.textContent = words.later;
    later.addEventListener("click", () => box.remove());
    box.append(text, reload, later);
    document.body.append(box);
  }

  /** Follow an installing worker: a first install makes the site ready offline, a later one an update. */
  function track(/** @type {ServiceWorker} */ worker) {
    worker.addEventListener("statechange", () => {
      if (worker.state === "installed" && hadController) offerUpdate(worker);
      if (worker.state === "activated" && !hadController) markReady();
    });
  }

  navigator.serviceWorker.addEventListener("controllerchange", () => {
    // A new version took over (here or in another tab): this page's files are from the old one.
    if (hadController && !reloading) {
      reloading = true;
      location.reload();
    }
  });

  afterEngine(() => whenIdle(register));

  async function register() {
    performance.mark("linger-offline-register");
    api.state = "registering";
    let registration;
    try {
      registration = await navigator.serviceWorker.register(swURL.href, { scope: root.href, updateViaCache: "none" });
    } catch (error) {
      api.state = "unavailable";  // e.g. a plain-http host other than localhost: the site works online
      return;
    }
    api.registration = registration;
    if (registration.active && hadController) markReady();
    if (registration.waiting && hadController) offerUpdate(registration.waiting);
    if (registration.installing) track(registration.installing);
    if (registration.active && !registration.installing && !hadController) {
      navigator.serviceWorker.ready.then(markReady);
    }
    registration.addEventListener("updatefound", () => {
      if (registration.installing) track(registration.installing);
    });
    document.addEventListener("visibilitychange", () => {
      if (document.visibilityState === "visible") checkForUpdate();
    });
  }
})();
