import os
import sys

from cfmj.engine.cli import main

try:
    sys.exit(main())
except BrokenPipeError:
    # The reader went away (say `| head -1`): stop quietly, as command-line tools do.
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, sys.stdout.fileno())
    sys.exit(0)
