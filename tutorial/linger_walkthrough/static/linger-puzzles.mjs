// @ts-check
/**
 * The Puzzles page's progress. Every puzzle is a walkthrough with a question (linger-walkthrough.mjs,
 * judged by the solver in the worker); this module only keeps score: a puzzle counts as solved once
 * the reader has chosen its right card (or suit), at the first try or after other tries; "Show the
 * answer" does not count. The widget tells it through the bubbling `linger-answer` event.
 *
 * The progress lives in `localStorage` under one key (the panel's `data-storage`) as JSON
 * `{"version": 1, "solved": ["01-seed-54", ...]}`. What is read is checked: a value that is not
 * that shape (corrupt, foreign, another version) is ignored, and ids of puzzles the page does not
 * hold are dropped. A browser that refuses storage (full quota, storage turned off) keeps the
 * progress for the visit and says so once. Every word comes from the panel's `data-` attributes
 * (the engine's catalogs, counts already in their plural form).
 */

const VERSION = 1;

/**
 * The solved puzzles a stored value names, if it is the page's own shape; otherwise none.
 * @param {string | null} text the stored value
 * @param {Set<string>} known the page's puzzle ids
 * @returns {Set<string>}
 */
export function readProgress(text, known) {
  if (text === null) return new Set();
  let value;
  try {
    value = JSON.parse(text);
  } catch {
    return new Set();
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value) || value.version !== VERSION
    || !Array.isArray(value.solved)) return new Set();
  return new Set(value.solved.filter((/** @type {unknown} */ id) => typeof id === 'string' && known.has(id)));
}

/**
 * @param {Set<string>} solved
 * @returns {string}
 */
export function writeProgress(solved) {
  return JSON.stringify({ version: VERSION, solved: [...solved].sort() });
}

class Progress {
  /** @param {HTMLElement} panel */
  constructor(panel) {
    this.panel = panel;
    this.key = panel.dataset.storage ?? 'linger-longer.puzzles';
    /** @type {Record<string, string>} */
    this.labels = JSON.parse(panel.dataset.labels ?? '{}');
    /** @type {string[]} */
    this.counts = JSON.parse(panel.dataset.counts ?? '[]');
    this.count = /** @type {HTMLElement} */ (panel.querySelector('.linger-puzzles-count'));
    this.status = /** @type {HTMLElement} */ (panel.querySelector('.linger-puzzles-status'));
    this.controls = /** @type {HTMLElement} */ (panel.querySelector('.linger-puzzles-controls'));
    this.reset = /** @type {HTMLButtonElement} */ (panel.querySelector('.linger-puzzles-reset'));
    this.confirm = /** @type {HTMLElement} */ (panel.querySelector('.linger-puzzles-confirm'));
    /** @type {Map<string, {root: HTMLElement, state: HTMLElement, title: string}>} by puzzle id, easy to hard */
    this.items = new Map();
    for (const link of /** @type {NodeListOf<HTMLAnchorElement>} */ (panel.querySelectorAll('.linger-puzzles-list a[href^="#"]'))) {
      const root = document.getElementById(decodeURIComponent(link.hash.slice(1)));
      const id = root?.dataset.example;
      if (!root || !id) continue;
      const state = document.createElement('span');
      state.className = 'linger-puzzles-state';
      link.after(' ', state);
      this.items.set(id, { root, state, title: link.textContent ?? id });
    }
    this.storageWorks = true;
    this.solved = readProgress(this.load(), new Set(this.items.keys()));
    this.count.hidden = false;
    this.controls.hidden = false;
    this.reset.addEventListener('click', () => this.askToReset());
    /** @type {HTMLButtonElement} */ (panel.querySelector('.linger-puzzles-confirm-yes')).addEventListener('click', () => this.clear());
    /** @type {HTMLButtonElement} */ (panel.querySelector('.linger-puzzles-confirm-no')).addEventListener('click', () => this.closeConfirm(true));
    this.confirm.addEventListener('keydown', (event) => {
      if (event.key === 'Escape') {
        event.preventDefault();
        this.closeConfirm(true);
      }
    });
    document.addEventListener('linger-answer', (event) => {
      const detail = /** @type {CustomEvent} */ (event).detail;
      const root = /** @type {HTMLElement} */ (event.target);
      const id = root.dataset.example ?? '';
      if (detail?.verdict === 'example' && this.items.has(id)) this.markSolved(id);
    });
    this.draw();
  }

  /** @returns {string | null} the stored value, or null when storage cannot be read */
  load() {
    try {
      return window.localStorage.getItem(this.key);
    } catch {
      this.storageWorks = false;
      return null;
    }
  }

  /** @returns {boolean} whether the browser kept the progress */
  save() {
    try {
      window.localStorage.setItem(this.key, writeProgress(this.solved));
      return true;
    } catch {
      return false;  // a full quota or storage turned off: the progress lasts for this visit
    }
  }

  /** @param {string} id */
  markSolved(id) {
    const fresh = !this.solved.has(id);
    this.solved.add(id);
    const kept = this.save();
    this.draw();
    // Storage that fails is told once (the first time it fails), after the news.
    const warn = !kept && this.storageWorks ? ` ${this.labels.not_kept ?? ''}` : '';
    if (!kept) this.storageWorks = false;
    if (fresh || warn) {
      const title = this.items.get(id)?.title ?? id;
      this.status.textContent = `${(this.labels.just_solved ?? '').replace('{title}', title)} ${this.countText()}${warn}`;
    }
  }

  countText() {
    return this.counts[this.solved.size] ?? `${this.solved.size}/${this.items.size}`;
  }

  draw() {
    this.count.textContent = this.countText();
    for (const [id, item] of this.items) {
      const solved = this.solved.has(id);
      item.state.textContent = `(${solved ? this.labels.solved : this.labels.not_yet})`;
      item.state.dataset.solved = String(solved);
      item.root.dataset.solved = String(solved);
    }
    this.reset.disabled = this.solved.size === 0 && this.confirm.hidden;
  }

  askToReset() {
    this.confirm.hidden = false;
    this.reset.hidden = true;
    /** @type {HTMLButtonElement} */ (this.confirm.querySelector('.linger-puzzles-confirm-no')).focus();
  }

  /** @param {boolean} refocus */
  closeConfirm(refocus) {
    this.confirm.hidden = true;
    this.reset.hidden = false;
    this.draw();
    if (refocus) (this.reset.disabled ? this.count : this.reset).focus();
  }

  clear() {
    this.solved.clear();
    try {
      window.localStorage.removeItem(this.key);
    } catch {
      // storage turned off: nothing was kept
    }
    this.closeConfirm(false);
    this.count.tabIndex = -1;
    this.count.focus();
    this.status.textContent = `${this.labels.was_reset ?? ''} ${this.countText()}`;
  }
}

// Loaded with `async` on the Puzzles page: the panel starts when the DOM is parsed (the unit tests import
// the functions above without a page).
if (typeof document !== 'undefined') {
  const start = () => {
    const panel = document.querySelector('.linger-puzzles-progress');
    if (panel instanceof HTMLElement) /** @type {any} */ (window).lingerPuzzles = new Progress(panel);
  };
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start, { once: true });
  else start();
}
