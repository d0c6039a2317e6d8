// @ts-check
// Sphinx 9's search page counts its results with Documentation.ngettext, which
// indexes the translation with the language's plural rule as written; for
// rules such as "(n != 1)" (Dutch, Italian) that is a boolean, so it finds no
// form, and the search stops with a TypeError. Untranslated forms are "" too.
// Use the numeric form, and the English text when a form is missing.
(function () {
  "use strict";
  // doctools.js declares `const Documentation` at top level: a global binding, not a window property.
  /** @type {any} */
  // @ts-ignore - defined by Sphinx's doctools.js, loaded before this file
  const D = typeof Documentation === "undefined" ? undefined : Documentation;
  if (!D || typeof D.ngettext !== "function") return;
  D.ngettext = (/** @type {string} */ singular, /** @type {string} */ plural, /** @type {number} */ n) => {
    const translated = D.TRANSLATIONS && D.TRANSLATIONS[singular];
    if (Array.isArray(translated)) {
      const form = translated[Number(D.PLURAL_EXPR(n))];
      if (form) return form;
    } else if (typeof translated === "string" && translated) {
      return translated;
    }
    return n === 1 ? singular : plural;
  };
})();
