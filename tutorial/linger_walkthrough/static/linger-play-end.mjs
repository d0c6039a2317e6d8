// @ts-check
/**
 * The end of a deal, on the table: who won and how, when each player went out, the deal trick by
 * trick, and what to do next (next deal in a match, play again, review the finished table). Every
 * sentence is the engine's (linger_longer.web.deal_end and .review), in the page's language; this
 * module only places it, as text. It is built only from a view whose deal is over, when every card may be shown.
 */

import { placeMarks } from './linger-analysis.mjs';

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
 * @typedef {object} EndActions what the panel's buttons do
 * @property {(() => void) | null} next the next deal of a match (null when there is none)
 * @property {() => void} again a new game with the same settings and a new deal
 * @property {() => void} review the finished deal, position by position, every hand face up, with the analysis
 */

/**
 * The panel's trick-by-trick list: each trick numbered, its cards in playing order, who took it.
 * @param {any} end the view's `end` @param {Record<string, string>} labels
 */
function trickList(end, labels) {
  const details = el('details', { class: 'linger-play-end-tricks' });
  details.append(el('summary', {}, labels.end_tricks));
  const list = el('ol');
  for (const trick of end.tricks) {
    const item = el('li', { 'data-trick': String(trick.number) });
    item.append(el('span', { class: 'linger-play-end-trick-title' }, trick.title));
    const cards = el('span', { class: 'linger-play-end-cards' });
    for (const card of trick.cards) {
      const attrs = { class: `linger-play-end-card${card.red ? ' ll-red' : ''}${card.won ? ' linger-play-end-won' : ''}`,
        'data-card': card.card, 'data-seat': String(card.seat) };
      const chip = el('span', attrs);
      chip.append(el('span', { class: 'linger-play-end-seat' }, `${card.name} `), el('span', { class: 'linger-play-end-label' }, card.label));
      cards.append(chip);
    }
    item.append(cards, el('span', { class: 'linger-play-end-taken' }, trick.taken));
    list.append(item);
  }
  details.append(list);
  return details;
}

/**
 * A match's score to its target, one line per player.
 * @param {any} match @param {Record<string, string>} labels
 */
function matchScore(match, labels) {
  const box = el('div', { class: 'linger-play-end-match' });
  box.append(el('p', { class: 'linger-play-end-subtitle' }, match.title));
  const list = el('ul', { class: 'linger-play-end-scores', 'aria-label': labels.deals_won });
  for (const score of match.scores) {
    const item = el('li', score.seat === match.winner ? { class: 'linger-play-end-leader' } : {});
    item.append(el('span', {}, score.name), el('strong', {}, String(score.won)));
    list.append(item);
  }
  box.append(list);
  if (match.verdict) box.append(el('p', { class: 'linger-play-end-verdict' }, match.verdict));
  return box;
}

/**
 * The chips this deal paid (only when the game scores with chips): the scoring by name, how it pays, a
 * line per player.
 * @param {any} chips the end's `chips`
 */
function chipsScore(chips) {
  const box = el('div', { class: 'linger-play-end-chips' });
  box.append(el('p', { class: 'linger-play-end-subtitle' }, `${chips.title}: ${chips.scoring}`));
  box.append(el('p', { class: 'linger-play-end-note' }, chips.note));
  const list = el('ul', { class: 'linger-play-end-scores', 'aria-label': chips.title });
  for (const score of chips.scores) {
    const item = el('li', score.chips > 0 ? { class: 'linger-play-end-leader' } : {});
    item.append(el('span', {}, score.name), el('strong', {}, score.shown));
    list.append(item);
  }
  box.append(list);
  return box;
}

/**
 * The end-of-deal panel for a finished deal's view.
 * @param {any} end the view's `end` (linger_longer.web.deal_end)
 * @param {Record<string, string>} labels the page's words
 * @param {EndActions} actions
 * @returns {HTMLElement}
 */
export function endPanel(end, labels, actions) {
  const panel = el('section', {
    class: `linger-play-end${end.you_won ? ' linger-play-end-you' : ''}`, 'aria-labelledby': 'linger-play-end-title',
    'data-winner': String(end.winner), 'data-reason': end.reason,
  });
  panel.append(el('p', { class: 'linger-play-end-title', id: 'linger-play-end-title' }, end.match?.verdict ?? end.headline));
  const how = el('p', { class: 'linger-play-end-how' });
  how.append(el('span', { class: 'll-badge linger-play-end-reason' }, end.reason_title), ' ', el('span', {}, end.how));
  panel.append(how);
  if (end.match) panel.append(matchScore(end.match, labels));
  if (end.chips) panel.append(chipsScore(end.chips));
  const buttons = el('div', { class: 'linger-play-end-actions', role: 'group', 'aria-label': labels.end_actions });
  /** @type {[string, () => void, string][]} */
  const wanted = [];
  if (actions.next) wanted.push([labels.next_deal, actions.next, 'next']);
  wanted.push([labels.play_again, actions.again, 'again'], [labels.review, actions.review, 'review']);
  for (const [text, run, name] of wanted) {
    const button = el('button', { type: 'button', 'data-end': name }, text);
    button.addEventListener('click', run);
    buttons.append(button);
  }
  panel.append(buttons);
  if (end.out.length) {
    panel.append(el('p', { class: 'linger-play-end-subtitle' }, labels.end_out));
    const out = el('ol', { class: 'linger-play-end-out' });
    for (const row of end.out) out.append(el('li', { 'data-seat': String(row.seat) }, row.text));
    panel.append(out);
  }
  panel.append(trickList(end, labels));
  return panel;
}

/**
 * @typedef {object} ReviewActions what the review's controls do
 * @property {(at: number, name: string) => void} go show another position of the deal (`name`: the button used)
 * @property {(on: boolean) => void} analysis turn the analysis on or off
 * @property {() => void} back leave the review for the end-of-deal panel
 */

/**
 * The review of a finished deal, above its table: the result, a stepper through the deal's positions
 * (every hand face up), the analysis toggle and, when on, its sentences (the table's cards are marked).
 * @param {any} end the view's `end` @param {any} answer the engine's review (linger_longer.web.review)
 * @param {Record<string, string>} labels @param {boolean} analysed whether the analysis is on
 * @param {ReviewActions} actions @param {Element} table the drawn table, whose cards the analysis marks
 * @returns {HTMLElement}
 */
export function reviewPanel(end, answer, labels, analysed, actions, table) {
  const panel = el('section', { class: 'linger-play-end-review', 'aria-labelledby': 'linger-play-review-title',
    'data-at': String(answer.at) });
  panel.append(el('p', { id: 'linger-play-review-title' }, `${end.match?.verdict ?? end.headline} ${labels.review_note}`));
  const steps = el('div', { class: 'linger-play-review-steps', role: 'group', 'aria-label': labels.review });
  /** @type {[string, number, string][]} */
  const moves = [['first', 0, '|◀'], ['back', answer.at - 1, '◀'], ['next', answer.at + 1, '▶'], ['last', answer.total, '▶|']];
  for (const [name, at, symbol] of moves) {
    const button = el('button', { type: 'button', 'data-review': name, 'aria-label': labels[name], title: labels[name] }, symbol);
    button.disabled = at < 0 || at > answer.total || at === answer.at;
    button.addEventListener('click', () => actions.go(at, name));
    steps.append(button);
  }
  steps.append(el('span', { class: 'linger-play-review-position', 'aria-live': 'polite' }, answer.position));
  panel.append(steps);
  panel.append(el('p', { class: 'linger-play-review-said' }, answer.said.join(' ')));
  const toggle = el('div', { class: 'linger-wt-analysis-toggle' });
  const input = el('input', { type: 'checkbox', id: 'linger-play-review-analysis' });
  input.checked = analysed;
  input.addEventListener('change', () => actions.analysis(input.checked));
  toggle.append(input, el('label', { for: 'linger-play-review-analysis' }, labels.analysis));
  panel.append(toggle);
  if (answer.analysis?.marks.length) {
    const box = el('div', { class: 'linger-wt-analysis', role: 'group', 'aria-label': labels.analysis_panel });
    box.append(placeMarks(table, answer.analysis, labels.show_line));
    panel.append(box);
  }
  const button = el('button', { type: 'button', 'data-end': 'back' }, labels.end_back);
  button.addEventListener('click', actions.back);
  steps.append(button);  // on the stepper's line: the table stays high on the screen
  return panel;
}
