// @ts-check
// Root page of the site: send the reader to the language their browser asks
// for, among the site's languages (English otherwise). The build writes those
// languages' codes into this script's data-languages attribute, from the
// project's one list (linger_longer/languages.py). Without JavaScript the
// page simply lists the languages.
(function () {
  "use strict";
  const script = document.currentScript;
  /** @type {readonly string[]} */
  const available = ((script && script.dataset.languages) || "en").split(/\s+/).filter(Boolean);
  const wanted = navigator.languages && navigator.languages.length
    ? navigator.languages
    : [navigator.language || "en"];
  let chosen = "en";
  for (const tag of wanted) {
    const primary = String(tag).toLowerCase().split("-")[0];
    if (available.includes(primary)) {
      chosen = primary;
      break;
    }
  }
  location.replace(chosen + "/index.html" + location.hash);
})();
