// @ts-check
// The search page in the page's language, and results worth reading.
// 1. Sphinx 9's search page counts its results with Documentation.ngettext, which
//    indexes the translation with the language's plural rule as written; for
//    rules such as "(n != 1)" (Dutch, Italian) that is a boolean, so it finds no
//    form, and the search stops with a TypeError. Sphinx's Dutch and Italian
//    forms are "" too: the site's catalogs supply them (LINGER_SEARCH_WORDS,
//    written by linger_site.py), and English is the last resort.
// 2. A result's snippet is the page's text: widget markup (tables, forms,
//    buttons, live regions) is left out of it.
// 3. A glossary term's result shows its definition, not only the word.
(function () {
  "use strict";
  // doctools.js declares `const Documentation` at top level: a global binding, not a window property.
  /** @type {any} */
  // @ts-ignore - defined by Sphinx's doctools.js, loaded before this file
  const D = typeof Documentation === "undefined" ? undefined : Documentation;
  if (!D || typeof D.ngettext !== "function") return;
  D.ngettext = (/** @type {string} */ singular, /** @type {string} */ plural, /** @type {number} */ n) => {
    /** @type {Record<string, string[]>} */
    const ours = /** @type {any} */ (window).LINGER_SEARCH_WORDS || {}; // written after this file
    const own = ours[singular];
    if (own && own[n === 1 ? 0 : 1]) return own[n === 1 ? 0 : 1];
    const translated = D.TRANSLATIONS && D.TRANSLATIONS[singular];
    if (Array.isArray(translated)) {
      const form = translated[Number(D.PLURAL_EXPR(n))];
      if (form) return form;
    } else if (typeof translated === "string" && translated) {
      return translated;
    }
    return n === 1 ? singular : plural;
  };

  // searchtools.js loads after this file on the search page only.
  const WIDGETS = ".ll-table, .linger-wt-table, .linger-wt-try, .linger-wt-count, .no-search, form, button, select, [aria-live]";
  const patch = () => {
    /** @type {any} */
    // @ts-ignore - defined by Sphinx's searchtools.js
    const S = typeof Search === "undefined" ? undefined : Search;
    if (!S || typeof S.htmlToText !== "function") return;
    S.htmlToText = (/** @type {string} */ htmlString, /** @type {string} */ anchor) => {
      const doc = new DOMParser().parseFromString(htmlString, "text/html");
      doc.querySelectorAll(`.headerlink, script, style, ${WIDGETS}`).forEach((el) => el.remove());
      const main = doc.querySelector('[role="main"]');
      if (!main) return "";
      const target = anchor ? main.querySelector(anchor) : null;
      if (target && target.tagName === "DT") {
        // A glossary term: the term and its definition.
        const dd = target.nextElementSibling;
        return `${target.textContent || ""} ${dd && dd.tagName === "DD" ? dd.textContent || "" : ""}`.trim();
      }
      return (target || main).textContent || "";
    };
    const search = S.performObjectSearch;
    if (typeof search === "function") {
      // A glossary term's result has no snippet in Sphinx (only "glossary term, in …"): fetch its definition.
      S.performObjectSearch = (/** @type {any[]} */ ...args) =>
        search(...args).map((/** @type {any[]} */ r) => (String(r[2]).startsWith("#term-") ? [r[0], r[1], r[2], "", ...r.slice(4)] : r));
    }
  };
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", patch);
  else patch();
})();
