// @ts-check
// Root page of the site: send the reader to the language their browser asks
// for (en, fr, it or nl; English otherwise). Without JavaScript the page
// simply lists the four languages.
(function () {
  "use strict";
  /** @type {readonly string[]} */
  const available = ["en", "fr", "it", "nl"];
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
