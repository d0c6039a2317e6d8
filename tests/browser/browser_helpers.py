"""What the browser tests of walkthroughs (tests/browser) and of the Play page (tests/browser_play) share: the
widget of a worked example, stepping to a step with the keyboard, and the log of the motions a page starts."""

from __future__ import annotations

#: How long a test waits for the engine (Pyodide started in the page's worker) on a loaded machine.
LIVE_TIMEOUT_MS = 90_000

#: Every walkthrough of the page has left its static first paint (its live engine answered, or failed).
SETTLED = "[...document.querySelectorAll('.linger-walkthrough')].every((w) => w.dataset.engine !== 'static')"

#: Every motion started from now on, with the scale of its first frame (a glide starts from its source box's size)
#: and the card it moves ('back' for a card's back).
LOG_GLIDES = """() => {
  window.glides = [];
  const animate = Element.prototype.animate;
  Element.prototype.animate = function (frames, options) {
    const first = Array.isArray(frames) ? frames[0] : null;
    const match = first && typeof first.transform === 'string' ? first.transform.match(/scale\\(([-0-9.e]+)\\)/) : null;
    window.glides.push({ scale: match ? Number(match[1]) : 1, card: this.dataset.card ?? (this.classList.contains('ll-back') ? 'back' : '') });
    return animate.call(this, frames, options);
  };
}"""


def widget(example: str) -> str:
    """The selector of the walkthrough of ``example`` (a worked example's name)."""
    return f'.linger-walkthrough[data-example="{example}"]'


def go_to(page, example: str, index: int) -> None:
    """Step with the keyboard from the first step to ``index`` (a question stops the walkthrough there), then wait
    until that step's own table is drawn (a step forward is paced, unless the speed is instant)."""
    page.focus(widget(example))
    page.keyboard.press("Home")
    for _ in range(index):
        page.keyboard.press("ArrowRight")
    assert page.get_attribute(widget(example), "data-step") == str(index)
    page.wait_for_function(f"document.querySelector({widget(example) + ' .linger-wt-stage .linger-wt-table'!r})"
                           ".dataset.paced === 'done'")
