// @ts-check
// Every page: once the reader has played the guided deal through (linger-learn.mjs keeps it under
// "linger-learn"), each link to the lesson (learn.html) gets a ✓ and, for screen readers, the words of
// this tag's data-done. Runs when the page is parsed, and again when the lesson is finished on this page.
(function () {
  'use strict';
  var script = document.currentScript;
  var words = (script && script.getAttribute('data-done')) || '';

  function finished() {
    try {
      var kept = JSON.parse(localStorage.getItem('linger-learn') || 'null');
      return Boolean(kept && kept.finished === true);
    } catch (e) {
      return false;
    }
  }

  function mark() {
    if (!finished()) return;
    var links = document.querySelectorAll('a[href]');  // HTMLAnchorElement, each with its resolved href
    for (var i = 0; i < links.length; i++) {
      var link = links[i];
      // The lesson itself, not a section of it (nor a heading's own link, "#…", on the lesson's page).
      var target = new URL(/** @type {HTMLAnchorElement} */ (link).href, document.baseURI);
      if (!/(^|\/)learn\.html$/.test(target.pathname) || target.hash !== '') continue;
      if (link.querySelector('.linger-learn-done')) continue;
      var tick = document.createElement('span');
      tick.className = 'linger-learn-done';
      tick.title = words;
      var symbol = document.createElement('span');
      symbol.setAttribute('aria-hidden', 'true');
      symbol.textContent = ' ✓';
      var said = document.createElement('span');
      said.style.cssText = 'position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap';
      said.textContent = ' (' + words + ')';
      tick.append(symbol, said);
      link.append(tick);
    }
  }

  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', mark, { once: true });
  else mark();
  document.addEventListener('linger-learn-done', mark);
})();
