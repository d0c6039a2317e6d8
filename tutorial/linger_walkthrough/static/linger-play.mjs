// @ts-check
/**
 * DOM glue of the Play page. The Sphinx directive (play_page.py) writes the settings form and the
 * empty game area in the page's language; this module reads the settings from the page's URL,
 * asks the page's one engine worker (Pyodide, linger-engine.mjs) to deal and play through the
 * requests of linger_longer.web.play, and draws each view it answers. The rules data it needs (the
 * URL's keys, the variants that decide where trump comes from) is the engine's, written by the
 * directive into the widget's data- attributes; the page keeps no copy of it. The page keeps only the
 * game's record (settings and actions); the engine rebuilds the game from it on every request.
 *
 * Text from the engine is either set with textContent or is the table's HTML, which the engine
 * escapes (render_step_html); nothing else is written as HTML.
 */
import { getEngine } from './linger-engine.mjs';
import { format } from './linger-model.mjs';
import { PlayEngine, RefusedError } from './linger-play-engine.mjs';
import { effectiveSpeed, isSpeed, playSteps, savedSpeed, saveSpeed, skipCount } from './linger-pace.mjs';
import { drawTable, moveAmongCards, showReason } from './linger-table.mjs';
import {
  clock, formFromSettings, queryFromForm, randomSeed, savedRecord, scoreRows, turnMessage,
} from './linger-play-model.mjs';
import { endPanel, reviewPanel } from './linger-play-end.mjs';
import {
  GAME_KEY, STATS_KEY, countDeal, forgetStored, parseStats, readStored, resumable, statsRows, writeStored,
} from './linger-play-store.mjs';

/** Where the page keeps the settings of the last game started from the form (this browser). */
const SETTINGS_KEY = 'linger-play-settings';

/**
 * The URL query of the last game the reader started from the form, or null.
 * @returns {string | null}
 */
function lastSettings() {
  try {
    return localStorage.getItem(SETTINGS_KEY);
  } catch {
    return null;
  }
}

/** @param {string} query */
function keepSettings(query) {
  try {
    localStorage.setItem(SETTINGS_KEY, query);
  } catch {
    // storage is off: the form starts from the engine's defaults next time
  }
}

/**
 * Mark (once a page) the moment the reader's first card can be played: a legal card on the table is enabled.
 * The benchmark reads the mark `linger-play-ready`.
 * @param {HTMLElement} table
 */
function markFirstCard(table) {
  if (performance.getEntriesByName('linger-play-ready').length) return;
  if (table.querySelector('button[data-legal="true"]:not(:disabled)')) performance.mark('linger-play-ready');
}

/**
 * @template {keyof HTMLElementTagNameMap} K
 * @param {K} tag
 * @param {Record<string, string>} [attrs]
 * @param {string} [text]
 * @returns {HTMLElementTagNameMap[K]}
 */
function el(tag, attrs = {}, text) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) node.setAttribute(name, value);
  if (text !== undefined) node.textContent = text;
  return node;
}

/**
 * @param {ParentNode} root
 * @param {string} selector
 * @returns {HTMLElement}
 */
function find(root, selector) {
  const node = root.querySelector(selector);
  if (!(node instanceof HTMLElement)) throw new Error(`Play page: no ${selector}`);
  return node;
}

class PlayPage {
  /** @param {HTMLElement} root @param {PlayEngine} engine */
  constructor(root, engine) {
    this.root = root;
    this.engine = engine;
    this.lang = root.dataset.lang ?? 'en';
    /** @type {Record<string, string>} */
    this.labels = JSON.parse(root.dataset.labels ?? '{}');
    /** @type {string[]} the URL's keys (the engine's encode_query): a query with any of them describes a game */
    this.queryKeys = JSON.parse(root.dataset.queryKeys ?? '[]');
    /** @type {string[]} the variants that decide where trump comes from: one radio group in the form */
    this.trumpVariants = JSON.parse(root.dataset.trumpVariants ?? '[]');
    /** @type {any} the engine's current view of the game */
    this.view = null;
    /** Whether the page has said that it cannot save the game (it says so once). */
    this.unsaved = false;
    this.busy = false;
    /** @type {number | null} the reader's skips when the stretch being shown began (see showPlay) */
    this.streamSkips = null;
    /** Whether the keyboard focus moves to the next choice once the current request is done. */
    this.focusAfter = false;
    this.form = /** @type {HTMLFormElement} */ (find(root, '.linger-play-settings'));
    this.newGame = /** @type {HTMLDetailsElement} */ (find(root, '.linger-play-new'));
    this.more = /** @type {HTMLDetailsElement} */ (find(root, '.linger-play-more'));
    /** @type {import('./linger-pace.mjs').Speed} */
    this.speed = savedSpeed();
    const speed = /** @type {HTMLSelectElement} */ (find(root, '#linger-play-speed'));
    speed.value = this.speed;
    speed.addEventListener('change', () => {
      if (!isSpeed(speed.value)) return;
      this.speed = speed.value;
      saveSpeed(speed.value);
    });
    this.status = find(root, '.linger-play-status');
    this.game = find(root, '.linger-play-game');
    this.title = find(root, '.linger-play-title');
    this.message = find(root, '.linger-play-message');
    this.clockText = find(root, '.linger-play-clock-text');
    this.clockBar = find(root, '.linger-play-clock-bar > span');
    this.table = find(root, '.linger-play-table');
    this.table.addEventListener('keydown', (event) => {
      if (moveAmongCards(event, this.table)) event.preventDefault();
    });
    this.recent = find(root, '.linger-play-recent');
    this.scoreBody = find(root, '.linger-play-score tbody');
    this.logList = find(root, '.linger-play-log ol');
    this.exportPanel = find(root, '.linger-play-export');
    this.comparePanel = find(root, '.linger-play-compare');
    /** @type {Record<string, HTMLButtonElement>} */
    this.buttons = {};
    /** Whether the reader reviews the finished deal (read-only, every hand face up) instead of its end panel. */
    this.reviewing = false;
    /** Whether the review of a finished deal shows the analysis (on until the reader turns it off). */
    this.reviewAnalysis = true;
    this.stats = this.statsSection();
    for (const button of /** @type {NodeListOf<HTMLButtonElement>} */ (root.querySelectorAll('.linger-play-toolbar button'))) {
      const action = button.dataset.action ?? '';
      this.buttons[action] = button;
      button.addEventListener('click', () => {
        if (this.more.contains(button)) this.more.open = false;  // a menu closes once an item is chosen
        this.toolbar(action);
      });
    }
    // The menu also closes on a click elsewhere, and on Escape (the focus back on its summary).
    document.addEventListener('pointerdown', (event) => {
      if (this.more.open && !this.more.contains(/** @type {Node} */ (event.target))) this.more.open = false;
    });
    this.more.addEventListener('keydown', (event) => {
      if (event.key !== 'Escape' || !this.more.open) return;
      this.more.open = false;
      /** @type {HTMLElement} */ (this.more.querySelector('summary')).focus();
    });
    this.form.addEventListener('submit', (event) => {
      event.preventDefault();
      this.startFromForm();
    });
    this.field('players').addEventListener('change', () => this.limitSeats());
    find(this.form, '.linger-play-new-seed').addEventListener('click', () => {
      this.field('seed').value = String(randomSeed());
    });
    this.field('seed').value = String(randomSeed());
    root.classList.add('linger-play-js');
  }

  /**
   * @param {string} name
   * @returns {HTMLInputElement | HTMLSelectElement}
   */
  field(name) {
    return /** @type {HTMLInputElement | HTMLSelectElement} */ (this.form.elements.namedItem(name));
  }

  /** Seats beyond the number of players cannot be chosen. */
  limitSeats() {
    const players = Number(this.field('players').value);
    const seat = /** @type {HTMLSelectElement} */ (this.field('seat'));
    for (const option of seat.options) option.disabled = option.index >= players;
    if (seat.selectedIndex >= players) seat.selectedIndex = 0;
  }

  /** @returns {import('./linger-play-model.mjs').FormValues} */
  formValues() {
    const data = new FormData(this.form);
    return {
      players: String(data.get('players') ?? ''),
      profile: String(data.get('profile') ?? ''),
      trump: String(data.get('trump') ?? ''),
      variants: data.getAll('variants').map(String),
      mode: String(data.get('mode') ?? ''),
      seat: String(data.get('seat') ?? ''),
      bot: String(data.get('bot') ?? ''),
      scoring: String(data.get('scoring') ?? ''),
      seed: String(data.get('seed') ?? ''),
    };
  }

  /** @param {import('./linger-play-model.mjs').FormValues} values */
  fillForm(values) {
    this.field('players').value = values.players;
    this.limitSeats();
    for (const name of /** @type {const} */ (['seat', 'mode', 'bot', 'scoring', 'seed'])) this.field(name).value = values[name];
    for (const input of /** @type {NodeListOf<HTMLInputElement>} */ (this.form.querySelectorAll('input[name="profile"]'))) {
      input.checked = input.value === values.profile;
    }
    for (const input of /** @type {NodeListOf<HTMLInputElement>} */ (this.form.querySelectorAll('input[name="trump"]'))) {
      input.checked = input.value === values.trump;
    }
    for (const input of /** @type {NodeListOf<HTMLInputElement>} */ (this.form.querySelectorAll('input[name="variants"]'))) {
      input.checked = values.variants.includes(input.value);
    }
  }

  /** @param {string} text @param {string} state */
  setStatus(text, state) {
    this.status.textContent = text;
    this.root.dataset.state = state;
  }

  /**
   * Run one engine request with the page marked busy; a second request while one runs is ignored.
   * @template T
   * @param {() => Promise<T>} request
   * @param {string} [busyText] what the status says meanwhile (by default, that the computer is playing)
   * @returns {Promise<T | undefined>}
   */
  async run(request, busyText = this.labels.waiting) {
    if (this.busy) return undefined;
    this.busy = true;
    this.root.setAttribute('aria-busy', 'true');
    for (const button of this.root.querySelectorAll('.linger-play-game button')) /** @type {HTMLButtonElement} */ (button).disabled = true;
    this.setStatus(busyText, 'busy');
    let failure = '';
    /** @type {RefusedError | null} */
    let rule = null;
    try {
      return await request();
    } catch (err) {
      failure = err instanceof Error ? err.message : String(err);  // the engine's message, translated
      if (err instanceof RefusedError && err.rule) rule = err;  // a setting a rule forbids: link to the rule
      return undefined;
    } finally {
      this.busy = false;
      this.root.removeAttribute('aria-busy');
      this.setStatus(failure, failure ? 'error' : 'live');
      if (rule) this.status.append(' ', el('a', { class: 'll-rule-link', href: rule.rule }, rule.readRule));
      if (this.view) this.updateControls();
      if (this.focusAfter) this.focusNext();  // once the buttons are enabled again
      this.focusAfter = false;
    }
  }

  /** Start: the game in the URL (or the one this tab was playing), else a new deal with a random seed. */
  async start() {
    this.setStatus(this.labels.loading, 'loading');
    try {
      await this.engine.ready;
    } catch {
      this.setStatus(this.labels.engine_failed, 'failed');
      this.root.dataset.engine = 'failed';
      return;
    }
    this.root.dataset.engine = 'live';
    this.setStatus('', 'live');
    const params = new URLSearchParams(location.search);
    const address = { hasGame: this.queryKeys.some((key) => params.has(key)), hasSeed: params.has('seed') };
    // The game in the URL; else the settings of the reader's last game (with a new seed); else the form's.
    const last = lastSettings();
    const remembered = last === null ? null : new URLSearchParams(last);
    remembered?.delete('seed');
    const query = address.hasGame ? location.search.slice(1)
      : remembered ? remembered.toString() : queryFromForm(this.formValues(), this.queryKeys);
    const saved = readStored(GAME_KEY);
    await this.run(async () => {
      let settings;
      try {
        settings = await this.engine.call('decode-query', this.lang, query, randomSeed());
      } catch (err) {
        if (query === remembered?.toString()) settings = null;  // settings kept by another version of the page
        else throw err;
      }
      settings ??= await this.engine.call('decode-query', this.lang, queryFromForm(this.formValues(), this.queryKeys), randomSeed());
      this.fillForm(formFromSettings(settings, this.trumpVariants));
      await this.showPlay(await this.resume(saved, settings, address) ?? await this.engine.call('new-game', this.lang, JSON.stringify(settings)), false);
    });
  }

  /**
   * The game this browser was playing, if the address asks for it (see resumable) and the engine
   * still accepts its record.
   * @param {string | null} saved @param {import('./linger-play-model.mjs').Settings} settings
   * @param {{hasGame: boolean, hasSeed: boolean}} address what the page's address holds
   * @returns {Promise<any>} its view, or null
   */
  async resume(saved, settings, address) {
    const record = savedRecord(saved);  // too long, too deep or not JSON: never sent to the engine
    if (!record) {
      if (saved) forgetStored(GAME_KEY);
      return null;
    }
    const kept = /** @type {Record<string, unknown>} */ (record.settings ?? {});
    if (!resumable(kept, /** @type {any} */ (settings), address)) return null;
    try {
      return await this.engine.call('state', this.lang, JSON.stringify(record));
    } catch {
      forgetStored(GAME_KEY);  // damaged, or from another version of the page: start afresh
      return null;
    }
  }

  /**
   * Keep the game's record for a reload. When storage refuses it (full, or off), the game goes
   * on unsaved and the page says so once.
   * @param {unknown} record
   */
  save(record) {
    if (!writeStored(GAME_KEY, JSON.stringify(record))) {
      if (this.unsaved) return;
      this.unsaved = true;
      this.message.after(el('p', { class: 'linger-play-unsaved', role: 'status' }, this.labels.not_saved));
    }
  }

  /** The reader's results, under the game: kept in this browser, resettable. */
  statsSection() {
    const section = el('section', { class: 'linger-play-stats', 'aria-labelledby': 'linger-play-stats-title' });
    section.append(el('p', { class: 'linger-play-panel-title', id: 'linger-play-stats-title' }, this.labels.stats_title));
    // On a narrow screen the table scrolls inside this box: the box takes the keyboard, to scroll it too.
    const body = el('div', { class: 'linger-play-stats-body', tabindex: '0', role: 'region', 'aria-labelledby': 'linger-play-stats-title' });
    const reset = el('button', { type: 'button', class: 'linger-play-stats-reset' }, this.labels.stats_reset);
    reset.addEventListener('click', () => {
      if (!window.confirm(this.labels.confirm_reset)) return;
      forgetStored(STATS_KEY);
      this.drawStats();
    });
    section.append(body, el('p', { class: 'linger-play-stats-note' }, this.labels.stats_note), reset);
    this.game.append(section);
    return section;
  }

  /** Draw the results kept in this browser. */
  drawStats() {
    const strengths = [...(/** @type {HTMLSelectElement} */ (this.field('bot'))).options].map((o) => o.value);
    const names = Object.fromEntries([...(/** @type {HTMLSelectElement} */ (this.field('bot'))).options].map((o) => [o.value, o.text]));
    const rows = statsRows(parseStats(readStored(STATS_KEY)), strengths);
    const body = find(this.stats, '.linger-play-stats-body');
    /** @type {HTMLButtonElement} */ (find(this.stats, '.linger-play-stats-reset')).disabled = rows.length === 0;
    if (!rows.length) {
      body.replaceChildren(el('p', {}, this.labels.stats_none));
      return;
    }
    const table = el('table');
    const head = el('tr');
    for (const key of ['strength', 'players', 'stats_played', 'stats_won', 'stats_streak']) head.append(el('th', { scope: 'col' }, this.labels[key]));
    table.append(el('thead'), el('tbody'));
    /** @type {HTMLElement} */ (table.tHead).append(head);
    for (const row of rows) {
      const tr = el('tr', { 'data-tally': `${row.strength}/${row.players}` });
      tr.append(el('th', { scope: 'row' }, names[row.strength] ?? row.strength),
        ...[row.players, row.played, row.won, row.streak].map((n) => el('td', {}, String(n))));
      table.tBodies[0].append(tr);
    }
    body.replaceChildren(table);
  }

  /**
   * Count a deal that has just ended in this browser's results.
   * @param {any} view
   */
  countResult(view) {
    const stats = countDeal(parseStats(readStored(STATS_KEY)), view.settings.strength, view.settings.players,
      view.deal.outcome.winner === view.human);
    writeStored(STATS_KEY, JSON.stringify(stats));
    this.drawStats();
  }

  /** A new game from the form (the engine checks every value and names a bad one). */
  async startFromForm() {
    if (!this.field('seed').value.trim()) this.field('seed').value = String(randomSeed());  // hidden while a deal is on
    await this.run(async () => {
      const query = queryFromForm(this.formValues(), this.queryKeys);
      const settings = await this.engine.call('decode-query', this.lang, query, randomSeed());
      keepSettings(query);
      this.newGame.open = false;  // the table comes first again
      await this.show(await this.engine.call('new-game', this.lang, JSON.stringify(settings)), true);
    });
  }

  /** @param {string} action */
  async toolbar(action) {
    const record = () => JSON.stringify(this.view.record);
    if (action === 'undo') await this.run(async () => this.show(await this.engine.call('undo', this.lang, record()), true));
    else if (action === 'next') await this.run(async () => this.show(await this.engine.call('next-deal', this.lang, record()), true));
    // Export and Link reveal the deal: a confirmation, asked before a deal's end, goes here (before the call).
    else if (action === 'hint') await this.run(async () => this.showHint(await this.engine.call('hint', this.lang, record())), this.labels.busy);
    else if (action === 'export') await this.togglePanel(this.exportPanel, this.buttons.export, async () => this.showExport(await this.engine.call('export', this.lang, record(), 'seen')));
    else if (action === 'compare') await this.togglePanel(this.comparePanel, this.buttons.compare, async () => this.showComparison(await this.engine.call('compare', this.lang, record())));
    else if (action === 'share') await this.share();
  }

  /**
   * @param {HTMLElement} panel @param {HTMLButtonElement} button
   * @param {() => Promise<void>} fill
   */
  async togglePanel(panel, button, fill) {
    if (!panel.hidden) {
      panel.hidden = true;
      button.setAttribute('aria-expanded', 'false');
      return;
    }
    await this.run(async () => {
      await fill();
      panel.hidden = false;
      button.setAttribute('aria-expanded', 'true');
      panel.scrollIntoView({ block: 'nearest' });
    }, this.labels.busy);
  }

  /** @param {string} action a card code or a suit letter */
  async playAction(action) {
    await this.run(async () => {
      const asked = performance.now();
      // Paced, the computer's cards come one a request, each worked out while the last is shown; at the
      // instant speed there is nothing to show meanwhile, so the whole stretch comes at once.
      const request = effectiveSpeed(this.speed) === 'instant' ? 'play' : 'play-card';
      const view = await this.engine.call(request, this.lang, JSON.stringify(this.view.record), action);
      // The engine's answer alone, before any pacing (the benchmark reads it).
      performance.measure('linger-play-answer', { start: asked });
      await this.showPlay(view, true);
    });
  }

  /**
   * Show a view, then each of the computer's next actions up to the reader's turn: the engine works out
   * the next one while the page shows the last, so the pacing hides the computer's thinking.
   * @param {any} view @param {boolean} focus
   */
  async showPlay(view, focus) {
    this.streamSkips = skipCount();  // a click or key from now on shows the rest of the stretch at once
    try {
      for (;;) {
        // After a skip, the rest of the stretch in one request: nothing is paced any more.
        const rest = skipCount() !== this.streamSkips || effectiveSpeed(this.speed) === 'instant';
        const next = view.computer_to_act
          ? this.engine.call(rest ? 'computer-moves' : 'computer-move', this.lang, JSON.stringify(view.record)) : null;
        next?.catch(() => undefined);  // awaited below; its failure is reported there, not as an unhandled one
        await this.show(view, focus);
        if (!next) return;
        view = await next;
      }
    } finally {
      this.streamSkips = null;
    }
  }

  /**
   * Draw a view of the game: its table paced (the tables on the way first, see linger-pace.mjs), then
   * its words, so that the words never tell what the table has not shown yet.
   * @param {any} view
   * @param {boolean} focus whether to move the keyboard focus to what comes next (after a reader's action)
   */
  async show(view, focus) {
    const previous = this.view;
    this.view = view;
    this.game.hidden = false;
    this.reviewing = false;
    delete this.root.dataset.review;
    delete this.root.dataset.hint;
    // The address of a deal in play leaves its seed out: the seed tells every hidden card.
    const url = `${location.pathname}?${view.address}${location.hash}`;
    if (`${location.pathname}${location.search}${location.hash}` !== url) history.replaceState(null, '', url);
    this.save(view.record);
    if (JSON.stringify(view.settings) !== JSON.stringify(previous?.settings)) {
      this.fillForm(formFromSettings(view.settings, this.trumpVariants));  // a new game: the form shows its settings
    }
    // The deal number decides every card: the form shows it only once the deal is over; meanwhile the
    // New game panel's field holds a new number, given once per deal.
    if (view.deal.over) this.field('seed').value = String(view.settings.seed);
    else if (!previous || previous.deal.over || previous.deal.number !== view.deal.number) {
      this.field('seed').value = String(randomSeed());
    }
    const ended = view.deal.over && previous && !previous.deal.over && previous.deal.number === view.deal.number
      && JSON.stringify(previous.settings) === JSON.stringify(view.settings);
    if (ended) this.countResult(view);
    else if (!previous) this.drawStats();
    this.title.textContent = format(this.labels.deal_number, { number: view.deal.number });
    this.message.textContent = '';
    if (view.steps.length) this.recent.replaceChildren();  // the words of the stretch come once it is shown
    // The cards glide only when the deal went on (not on a new deal, an undo or the first paint); the
    // computer's first cards of a new deal are paced all the same.
    const actions = (/** @type {any} */ v) => v.record.deals.length * 10000 + v.record.deals[v.record.deals.length - 1].length;
    const onward = Boolean(previous) && actions(view) > actions(previous) && view.deal.number === previous.deal.number;
    await this.drawTable(view, onward, Boolean(previous));
    const turn = turnMessage(view, this.labels);
    this.message.textContent = view.refused ?? '';
    this.message.dataset.kind = view.refused ? 'refused' : '';
    if (view.refused_rule) {  // the engine refused the card: its reason, and the rule on its page in this language
      this.message.append(' ', el('a', { class: 'll-rule-link', href: view.refused_rule }, view.read_rule));
    }
    const c = clock(view);
    this.clockText.textContent = c.text;
    this.clockBar.style.width = `${Math.round(100 * c.fraction)}%`;
    if (!view.refused || !previous) this.recent.replaceChildren(...[...view.recent, turn].map((s) => el('p', {}, s)));
    this.recent.lastElementChild?.classList.add('linger-play-turn');
    // Chips only when the game scores with them: their column, and one line saying how they are paid.
    for (const cell of this.root.querySelectorAll('.linger-play-score th.linger-play-chips')) /** @type {HTMLElement} */ (cell).hidden = !view.score.chips;
    const chipsNote = find(this.root, '.linger-play-chips-note');
    chipsNote.textContent = view.score.chips_note ?? '';
    chipsNote.hidden = !view.score.chips;
    this.scoreBody.replaceChildren(...scoreRows(view, this.labels).map((row) => {
      const tr = el('tr', row.you ? { class: 'linger-play-you' } : {});
      tr.append(el('th', { scope: 'row' }, row.name), ...row.cells.map((n) => el('td', {}, String(n))));
      return tr;
    }));
    this.logList.replaceChildren(...view.log.map((/** @type {string} */ s) => el('li', {}, s)));
    for (const [panel, button] of [[this.exportPanel, this.buttons.export], [this.comparePanel, this.buttons.compare]]) {
      panel.hidden = true;
      button.setAttribute('aria-expanded', 'false');
    }
    this.root.dataset.deal = String(view.deal.number);
    this.root.dataset.over = view.deal.over ? 'yes' : 'no';
    this.updateControls();
    this.focusAfter = focus;
  }

  /**
   * @param {any} view
   * @param {boolean} motion whether the cards that moved glide to their places
   * @param {boolean} paced whether the tables on the way are shown first (not on the first paint)
   */
  async drawTable(view, motion, paced) {
    // Every table is the engine's HTML, escaped there (render_step_html). While the computer plays on, the
    // view's last step is its last table, held as long as its kind (the next view follows it).
    const steps = paced ? view.steps : [];
    const onward = view.computer_to_act && steps.length > 0;
    const skipped = this.streamSkips !== null && skipCount() !== this.streamSkips;
    await playSteps(this.table, onward ? steps.slice(0, -1) : steps, onward ? steps.at(-1).html : view.html,
      { speed: skipped ? 'instant' : effectiveSpeed(this.speed), animate: motion, hold: onward ? steps.at(-1).kind : null });
    for (const button of /** @type {NodeListOf<HTMLButtonElement>} */ (this.table.querySelectorAll('button[data-card]'))) {
      const card = button.dataset.card ?? '';
      if (button.dataset.legal === 'true') {
        button.addEventListener('click', () => this.playAction(card));
      } else {
        button.addEventListener('click', () => {
          showReason(this.message, button, this.labels.read_rule);
          this.message.dataset.kind = 'refused';
        });
      }
    }
    if (view.end) this.drawEnd(view);
    if (view.name_trump) {
      const group = el('div', { class: 'linger-play-suits', role: 'group', 'aria-label': this.labels.name_trump });
      for (const suit of view.suits) {
        const button = el('button', { type: 'button', class: `ll-card ll-choice linger-play-suit${suit.red ? ' ll-red' : ''}`, 'data-suit': suit.suit });
        button.append(el('span', { 'aria-hidden': 'true' }, suit.symbol), el('span', {}, ` ${suit.name}`));
        button.addEventListener('click', () => this.playAction(suit.suit));
        group.append(button);
      }
      this.table.append(group);
    }
  }

  /**
   * The end-of-deal panel on the table (above the finished table, every hand face up).
   * @param {any} view
   */
  drawEnd(view) {
    this.table.querySelector('.linger-play-end, .linger-play-end-review')?.remove();
    this.table.prepend(endPanel(view.end, this.labels, {
      next: view.can_next ? () => this.toolbar('next') : null,
      again: () => this.playAgain(),
      review: () => this.review(0, 'next'),
    }));
  }

  /**
   * Review the finished deal at position `at` (0: as dealt), every hand face up, the analysis on unless
   * the reader turned it off; read-only: the engine refuses a deal in play, and no card is offered.
   * @param {number} at @param {string} focus the review control that gets the keyboard afterwards
   */
  async review(at, focus) {
    const view = this.view;
    await this.run(async () => {
      const answer = await this.engine.call('review', this.lang, JSON.stringify(view.record), at, this.reviewAnalysis ? 1 : 0);
      if (this.view !== view) return;  // a new deal came meanwhile
      drawTable(this.table, answer.html, this.reviewing && effectiveSpeed(this.speed) !== 'instant');
      this.reviewing = true;
      this.root.dataset.review = String(answer.at);
      this.table.prepend(reviewPanel(view.end, answer, this.labels, this.reviewAnalysis, {
        go: (next, name) => this.review(next, name),
        analysis: (on) => {
          this.reviewAnalysis = on;
          this.review(answer.at, 'analysis');
        },
        back: () => this.leaveReview(),
      }, this.table));
    });
    const wanted = focus === 'analysis' ? this.table.querySelector('#linger-play-review-analysis')
      : this.table.querySelector(`[data-review="${focus}"]:not(:disabled)`)
        ?? this.table.querySelector('.linger-play-end-review button:not(:disabled)');
    if (wanted instanceof HTMLElement) wanted.focus();
  }

  /** Back from the review to the finished table and its end-of-deal panel. */
  async leaveReview() {
    this.reviewing = false;
    delete this.root.dataset.review;
    await this.drawTable(this.view, false, false);
    this.updateControls();
    this.focusEnd();
  }

  /** The keyboard goes to the end panel's first action (or the review line's button). */
  focusEnd() {
    const first = this.table.querySelector('.linger-play-end button, .linger-play-end-review button');
    if (first instanceof HTMLElement) first.focus({ preventScroll: false });
  }

  /** A new game with the same settings and a new deal number. */
  async playAgain() {
    const query = this.view.address.replace(/(^|&)seed=[^&]*/, '');
    await this.run(async () => {
      const settings = await this.engine.call('decode-query', this.lang, query, randomSeed());
      this.show(await this.engine.call('new-game', this.lang, JSON.stringify(settings)), true);
    });
  }

  /** Buttons enabled as the view allows: cards only on your turn, undo after your card, next deal at a deal's end. */
  updateControls() {
    const view = this.view;
    for (const button of /** @type {NodeListOf<HTMLButtonElement>} */ (this.table.querySelectorAll('button[data-card]'))) {
      // Illegal cards stay focusable (aria-disabled, with their reason); legal ones wait while the engine works.
      button.disabled = button.dataset.legal === 'true' && (this.busy || this.reviewing);  // a review is read-only
    }
    for (const button of /** @type {NodeListOf<HTMLButtonElement>} */ (this.table.querySelectorAll('button[data-suit]'))) button.disabled = this.busy;
    this.buttons.undo.disabled = this.busy || !view.can_undo;
    this.buttons.hint.disabled = this.busy || !view.your_turn;
    this.buttons.next.disabled = this.busy || !view.can_next;
    this.buttons.next.hidden = view.settings.mode === 'deal';
    for (const name of ['export', 'share']) this.buttons[name].disabled = this.busy;
    this.buttons.compare.disabled = this.busy || !view.can_compare;  // the comparison shows every card
    // "The file holds every hand" is true of the whole deal's file; during a deal the export holds what you saw.
    find(this.root, '.linger-play-export-note').hidden = !view.deal.over;
    markFirstCard(this.table);
  }

  /** After an action, the keyboard goes to what the reader does next. */
  focusNext() {
    if (this.view.end) {
      this.focusEnd();
      return;
    }
    const next = this.table.querySelector('button[data-legal="true"], button[data-suit]')
      ?? (this.view.can_next ? this.buttons.next : null);
    if (next instanceof HTMLElement) next.focus({ preventScroll: true });
    else this.title.focus({ preventScroll: true });
  }

  /** @param {any} hint */
  showHint(hint) {
    this.message.textContent = format(this.labels.hint_is, { sentence: hint.sentence });
    this.message.dataset.kind = 'hint';
    for (const button of this.table.querySelectorAll('.ll-hinted')) button.classList.remove('ll-hinted');
    const target = this.table.querySelector(`button[data-card="${hint.action}"], button[data-suit="${hint.action}"]`);
    target?.classList.add('ll-hinted');
    this.root.dataset.hint = hint.action;
  }

  /** @param {{toml: string, filename: string, scope: string}} exported */
  showExport(exported) {
    this.exportPanel.querySelector('.linger-play-export-scope')?.remove();
    if (exported.scope === 'seen') {
      const scope = el('div', { class: 'linger-play-export-scope' });
      const whole = el('button', { type: 'button' }, this.labels.export_whole);
      whole.addEventListener('click', async () => {
        if (!window.confirm(this.labels.confirm_whole)) return;
        await this.run(async () => this.showExport(await this.engine.call('export', this.lang, JSON.stringify(this.view.record), 'whole')), this.labels.busy);
      });
      scope.append(el('p', {}, this.labels.export_seen), whole);
      find(this.exportPanel, '.linger-play-panel-title').after(scope);
    }
    find(this.exportPanel, 'code').textContent = exported.toml;
    const link = /** @type {HTMLAnchorElement} */ (find(this.exportPanel, '.linger-play-download'));
    if (link.href.startsWith('blob:')) URL.revokeObjectURL(link.href);
    link.href = URL.createObjectURL(new Blob([exported.toml], { type: 'application/toml' }));
    link.download = exported.filename;
    link.textContent = format(this.labels.download, { filename: exported.filename });
  }

  /** @param {any} comparison */
  showComparison(comparison) {
    find(this.comparePanel, '.linger-play-compare-sentence').textContent =
      `${comparison.sentence} ${comparison.replayed}`;
    const lines = find(this.comparePanel, '.linger-play-lines');
    lines.replaceChildren(...comparison.lines.map((/** @type {any} */ line) => {
      const column = el('div', { class: 'linger-play-line', 'data-profile': line.profile });
      column.append(el('p', { class: 'linger-play-line-title' }, this.labels[`profile_${line.profile}`] ?? line.profile));
      const list = el('ol');
      for (const trick of line.tricks) {
        const parts = trick.number === comparison.parts_at;
        const item = el('li', parts ? { class: 'linger-play-parts', 'data-trick': String(trick.number) } : { 'data-trick': String(trick.number) });
        item.append(el('p', { class: 'linger-play-trick-title' }, format(this.labels.trick_number, { number: trick.number })));
        if (parts) item.append(el('p', { class: 'll-badge linger-play-parts-badge' }, this.labels.parts_here));
        for (const sentence of trick.narration) item.append(el('p', {}, sentence));
        list.append(item);
      }
      const outcome = line.outcome;
      column.append(list, el('p', { class: 'linger-play-line-outcome' }, outcome.text));
      return column;
    }));
  }

  /**
   * Copy the link to this deal (its settings and seed). While the deal is on, the seed tells every
   * hidden card: the page says so and asks first.
   */
  async share() {
    if (!this.view.deal.over && !window.confirm(this.labels.confirm_link)) return;
    const link = new URL(`${location.pathname}?${this.view.query}`, location.href).href;
    try {
      await navigator.clipboard.writeText(link);
      this.message.textContent = this.labels.link_copied;
    } catch {
      this.message.textContent = link;
    }
    this.message.dataset.kind = 'share';
  }
}

// -- Start --------------------------------------------------------------------------------------

const tag = /** @type {HTMLScriptElement | null} */ (document.querySelector('script[data-pyodide]'));
const pyodidePath = tag?.dataset.pyodide ?? document.querySelector('.linger-play')?.getAttribute('data-pyodide');

if (pyodidePath != null) {
  const engine = new PlayEngine(getEngine(new URL(pyodidePath, document.baseURI).href));
  const begin = () => {
    const root = document.querySelector('.linger-play');
    if (!(root instanceof HTMLElement)) return;
    const page = new PlayPage(root, engine);
    // A hook for the browser tests and the benchmark: the page, its engine and the current view.
    /** @type {any} */ (window).lingerPlay = { page, engine, get view() { return page.view; }, started: page.start() };
  };
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', begin, { once: true });
  else begin();
}
