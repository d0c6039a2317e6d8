// @ts-check
/**
 * The card table's DOM glue, shared by the walkthroughs and the Play page. The engine renders the
 * table (linger_longer.web.render); this module only puts that HTML in place and explains the change
 * with motion, FLIP-style: the new table is drawn at once, then each card that moved is shown gliding
 * from where it was (a card played from a hand to the trick, a drawn card from the stock to a hand,
 * a finished trick gathered to its winner's pile). It decides nothing about the game: a card is
 * followed by its data-card code, a hand and a pile by their data-seat.
 *
 * Motion never holds the reader up: the table in the DOM is already the new one, and a click or a key
 * press anywhere finishes every motion at once, so the input acts on the table it sees. With
 * `prefers-reduced-motion`, when stepping back or jumping, and on the first paint there is no motion.
 *
 * The arrow keys move the focus between the cards the reader may play (the step keys of a walkthrough,
 * Page Up/Down, Home and End, keep working from a card).
 */

/** How long one motion lasts, in ms (the limit is 300). */
export const MOTION_MS = 240;

/** @type {Set<Animation>} */
const running = new Set();
/** @type {Set<Element>} ghosts of cards that left the table, removed when their motion ends */
const ghosts = new Set();

/** Whether the reader asked for less motion. */
export function reducedMotion() {
  return typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/** Finish every running motion now: each card jumps to its place on the new table. */
export function finishMotion() {
  for (const animation of [...running]) animation.finish();
  running.clear();
  for (const ghost of ghosts) ghost.remove();
  ghosts.clear();
}

/** The number of motions running now (for the tests and the benchmark). */
export function motionsRunning() {
  return running.size;
}

// Any input finishes the motion first, in the capture phase: the click or key then acts at once.
if (typeof document !== 'undefined') {
  for (const type of ['pointerdown', 'keydown']) document.addEventListener(type, finishMotion, true);
}

/**
 * Where things are on a table now.
 * @param {Element} container
 */
function snapshot(container) {
  /** @type {Map<string, DOMRect>} */
  const cards = new Map();
  for (const node of container.querySelectorAll('[data-card]')) cards.set(/** @type {HTMLElement} */ (node).dataset.card ?? '', node.getBoundingClientRect());
  /** @type {Map<string, DOMRect>} */
  const hands = new Map();
  /** @type {Map<string, number>} */
  const backs = new Map();
  for (const node of container.querySelectorAll('.ll-hand[data-seat]')) {
    const seat = /** @type {HTMLElement} */ (node).dataset.seat ?? '';
    hands.set(seat, cardBox(node));
    backs.set(seat, node.querySelectorAll('.ll-back').length);
  }
  const trick = container.querySelector('.ll-trick');
  const played = [...container.querySelectorAll('.ll-trick [data-card]')].map((node) => ({
    node: /** @type {HTMLElement} */ (node), rect: node.getBoundingClientRect(),
  }));
  return {
    cards,
    hands,
    backs,
    stock: container.querySelector('.ll-stock .ll-back:last-child')?.getBoundingClientRect()
      ?? container.querySelector('.ll-stock .ll-stack')?.getBoundingClientRect() ?? null,
    played,
    winner: trick instanceof HTMLElement ? trick.dataset.winner ?? null : null,
  };
}

/**
 * Where a card leaves a hand from: a card-sized box, never the hand's whole box (a glide that starts
 * from the seat's box would fly in at several times a card's size). The top card of a face-down fan,
 * else a card of the hand, else a box the size of a card at the hand's start.
 * @param {Element} hand
 * @returns {DOMRect}
 */
function cardBox(hand) {
  const card = hand.querySelector('.ll-back:last-child, .ll-card');
  if (card) return card.getBoundingClientRect();
  const box = hand.getBoundingClientRect();
  const style = getComputedStyle(hand);
  const rem = parseFloat(getComputedStyle(document.documentElement).fontSize) || 16;
  const width = parseFloat(style.getPropertyValue('--ll-card-w')) * rem || 44;
  const height = parseFloat(style.getPropertyValue('--ll-card-h')) * rem || 62;
  return new DOMRect(box.left, box.top, Math.min(width, box.width || width), Math.min(height, box.height || height));
}

/**
 * Show `node` gliding from `from` to where it is now.
 * @param {Element} node
 * @param {DOMRect} from
 */
function glide(node, from) {
  const to = node.getBoundingClientRect();
  // From centre to centre; the card starts at the size of what it leaves (a small back, the stock's top
  // card), never larger than itself.
  const dx = from.left + from.width / 2 - (to.left + to.width / 2);
  const dy = from.top + from.height / 2 - (to.top + to.height / 2);
  if (Math.abs(dx) < 1 && Math.abs(dy) < 1) return;
  const scale = to.width > 0 ? Math.min(from.width / to.width, 1) : 1;
  track(node.animate(
    [{ transform: `translate(${dx}px, ${dy}px) scale(${scale})` }, { transform: 'none' }],
    { duration: MOTION_MS, easing: 'cubic-bezier(0.2, 0.7, 0.3, 1)' },
  ));
}

/** @param {Animation} animation */
function track(animation) {
  running.add(animation);
  animation.addEventListener('finish', () => running.delete(animation));
  animation.addEventListener('cancel', () => running.delete(animation));
}

/**
 * The cards of a finished trick, gathered to the winner's pile: copies of them, drawn where they lay,
 * glide to the pile and fade (the cards themselves are no longer on the table).
 * @param {HTMLElement} table the new .ll-table
 * @param {{node: HTMLElement, rect: DOMRect}[]} cards
 * @param {string} winner
 */
function gather(table, cards, winner) {
  const pile = table.querySelector(`.ll-seat[data-seat="${winner}"] .ll-won`);
  if (!pile) return;
  const origin = table.getBoundingClientRect();
  const target = pile.getBoundingClientRect();
  for (const { node, rect } of cards) {
    const ghost = /** @type {HTMLElement} */ (node.cloneNode(true));
    ghost.removeAttribute('data-card');  // not a card of the table any more: nothing follows it
    ghost.setAttribute('aria-hidden', 'true');
    ghost.removeAttribute('role');
    ghost.removeAttribute('aria-label');
    ghost.classList.add('ll-ghost');
    Object.assign(ghost.style, {
      position: 'absolute', left: `${rect.left - origin.left}px`, top: `${rect.top - origin.top}px`,
      margin: '0', pointerEvents: 'none', zIndex: '4',
    });
    table.append(ghost);
    ghosts.add(ghost);
    const dx = target.left - rect.left;
    const dy = target.top - rect.top;
    const animation = ghost.animate(
      [{ transform: 'none', opacity: 1 }, { transform: `translate(${dx}px, ${dy}px) scale(0.4)`, opacity: 0.2 }],
      { duration: MOTION_MS, easing: 'ease-in', fill: 'forwards' },
    );
    track(animation);
    const done = () => { ghost.remove(); ghosts.delete(ghost); };
    animation.addEventListener('finish', done);
    animation.addEventListener('cancel', done);
  }
}

/**
 * Put the engine's table HTML in `container`; with `animate`, show the cards that moved gliding there.
 * @param {HTMLElement} container
 * @param {string} html the engine's table, already escaped (render_step_html)
 * @param {boolean} animate a step forward (not back, not a jump, not the first paint)
 */
export function drawTable(container, html, animate) {
  finishMotion();
  const move = animate && !reducedMotion() && typeof Element.prototype.animate === 'function';
  const before = move ? snapshot(container) : null;
  container.innerHTML = html;
  if (!before) return;
  const table = container.querySelector('.ll-table');
  if (!(table instanceof HTMLElement)) return;
  const now = new Set();
  for (const node of /** @type {NodeListOf<HTMLElement>} */ (table.querySelectorAll('[data-card]'))) {
    const code = node.dataset.card ?? '';
    now.add(code);
    const inTrick = node.closest('.ll-trick') !== null;
    // A card seen before glides from there; one that was face down from its player's hand; a new card in
    // a hand was drawn from the stock.
    const from = before.cards.get(code)
      ?? (inTrick ? before.hands.get(node.dataset.seat ?? '') : before.stock);
    if (from) glide(node, from);
  }
  // A face-down hand that grew drew from the stock.
  for (const hand of /** @type {NodeListOf<HTMLElement>} */ (table.querySelectorAll('.ll-hand.ll-hidden[data-seat]'))) {
    const backs = hand.querySelectorAll('.ll-back');
    const had = before.backs.get(hand.dataset.seat ?? '') ?? backs.length;
    if (before.stock && backs.length > had) glide(backs[backs.length - 1], before.stock);
  }
  const gone = before.played.filter(({ node }) => !now.has(node.dataset.card ?? ''));
  if (before.winner !== null && gone.length) gather(table, gone, before.winner);
}

/**
 * The arrow keys on a card the reader may play: move the focus to the previous or next one (wrapping
 * round). Returns whether the key was used.
 * @param {KeyboardEvent} event
 * @param {HTMLElement} container
 */
export function moveAmongCards(event, container) {
  const target = event.target;
  if (!(target instanceof HTMLElement) || !target.matches('button[data-card]') || !container.contains(target)) return false;
  const step = { ArrowLeft: -1, ArrowUp: -1, ArrowRight: 1, ArrowDown: 1 }[event.key];
  if (!step || event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return false;
  const cards = /** @type {HTMLButtonElement[]} */ ([...container.querySelectorAll('button[data-card]')])
    .filter((button) => button === target || (button.dataset.legal === 'true' && !button.disabled));
  const at = cards.indexOf(/** @type {HTMLButtonElement} */ (target));
  if (cards.length < 2 || at < 0) return true;  // nowhere else to go: the key still belongs to the cards
  cards[(at + step + cards.length) % cards.length].focus();
  return true;
}

/**
 * A refused card's reason in `message` (its button's title, the engine's words), then a link to the rule
 * that forbids it (the engine's `data-rule`, a page of the same language) with the words `label`.
 * @param {HTMLElement} message
 * @param {HTMLButtonElement} button
 * @param {string | undefined} label
 */
export function showReason(message, button, label) {
  message.textContent = button.title;
  const rule = button.dataset.rule;
  if (!rule || !label) return;
  const link = document.createElement('a');
  link.className = 'll-rule-link';
  link.href = rule;
  link.textContent = label;
  message.append(' ', link);
}
