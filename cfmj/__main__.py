import sys

from cfmj.engine.cli import main

sys.exit(main())
