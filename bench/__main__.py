"""`python -m bench`: run every benchmark and print the report."""

import sys

from bench.run import main

sys.exit(main())
