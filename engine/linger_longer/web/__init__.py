"""The web bridge: the engine as the site's pages use it, as JSON-ready data and one HTML renderer.

Under CPython the Sphinx directives call it at build time; in the browser the
page's Pyodide worker calls the same functions by module and name. Nothing
here decides a rule: every rule is the core's (:mod:`linger_longer.game`).

- :mod:`.labels`: the widgets' words, from the engine's catalogs;
- :mod:`.table`: the table after a step as data (seats, hands, trick), and who sees which hand;
- :mod:`.render`: that data as HTML (the one renderer of the walkthroughs and the Play page);
- :mod:`.walkthrough`: worked examples as walkthrough steps;
- :mod:`.analysis`: a walkthrough step's legal choices marked as winning or losing with best play (the solver);
- the Play page: :mod:`.settings` (settings and URL codec), :mod:`.record` (replaying the record),
  :mod:`.views` (what the human's seat is shown), :mod:`.hint`, :mod:`.compare`, :mod:`.export`,
  and :mod:`.play`, the requests the page sends, answered as JSON (:mod:`.json_text`); a request
  the game refuses (:class:`~.errors.PlayError`) is answered with its reason in the reader's language.
"""
