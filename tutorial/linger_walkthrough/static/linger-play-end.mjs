// @ts-check
/**
 * The end of a deal, on the table: who won and how, when each player went out, the deal trick by
 * trick, and what to do next (next deal in a match, play again, review the finished table). Every
 * sentence is the engine's (linger_longer.web.deal_end), in the page's language; this module only
 * places it, as text. It is built only from a view whose deal is over, when every card may be shown.
 */

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
 * @property {() => void} review the finished table, every hand face up, without the panel
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
 * While the reader reviews the finished table: one line with the result and the way back to the panel.
 * @param {any} end @param {Record<string, string>} labels @param {() => void} back
 * @returns {HTMLElement}
 */
export function reviewBar(end, labels, back) {
  const bar = el('div', { class: 'linger-play-end-review' });
  bar.append(el('p', {}, `${end.match?.verdict ?? end.headline} ${labels.review_note}`));
  const button = el('button', { type: 'button', 'data-end': 'back' }, labels.end_back);
  button.addEventListener('click', back);
  bar.append(button);
  return bar;
}
