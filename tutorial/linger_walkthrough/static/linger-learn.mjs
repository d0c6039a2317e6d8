// @ts-check
/**
 * The guided deal's progress (the lesson on "learn.html"), kept in the browser under one key, `linger-learn`, as
 * JSON: `{done: [question positions answered], step: the step on show, finished: true once the deal was played
 * through}`. Damaged or missing data starts the lesson fresh. Finishing tells the page (`linger-learn-done`), whose
 * small site-wide script (linger-learn-mark.js) marks every link to the lesson with a ✓.
 */

export const LEARN_KEY = 'linger-learn';

/** @typedef {{done: number[], step: number, finished: boolean}} Lesson */

/** @returns {Lesson} what the browser keeps of the lesson, or a fresh start */
export function readLesson() {
  try {
    const kept = JSON.parse(localStorage.getItem(LEARN_KEY) ?? 'null');
    if (kept && typeof kept === 'object' && Array.isArray(kept.done)) {
      return {
        done: kept.done.filter((/** @type {unknown} */ at) => Number.isInteger(at) && Number(at) >= 0),
        step: Number.isInteger(kept.step) && kept.step >= 0 ? kept.step : 0,
        finished: kept.finished === true,
      };
    }
  } catch {
    // no storage, or damaged data: the lesson starts fresh
  }
  return { done: [], step: 0, finished: false };
}

/** @param {Lesson} lesson */
export function keepLesson(lesson) {
  try {
    localStorage.setItem(LEARN_KEY, JSON.stringify(lesson));
  } catch {
    // the browser keeps nothing: the lesson lasts while the page is open
  }
}

/**
 * Note the reader's place: the step on show, the questions answered, and whether the deal is played through.
 * @param {{step?: number, answered?: number, finished?: boolean}} change
 * @returns {Lesson}
 */
export function noteLesson(change) {
  const lesson = readLesson();
  if (change.step !== undefined) lesson.step = change.step;
  if (change.answered !== undefined && !lesson.done.includes(change.answered)) lesson.done.push(change.answered);
  if (change.finished && !lesson.finished) {
    lesson.finished = true;
    keepLesson(lesson);
    document.dispatchEvent(new CustomEvent('linger-learn-done'));
    return lesson;
  }
  keepLesson(lesson);
  return lesson;
}
