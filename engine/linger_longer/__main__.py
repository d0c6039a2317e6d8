"""``python -m linger_longer``: see :mod:`linger_longer.cli`."""

import sys

from .cli import main

sys.exit(main())
