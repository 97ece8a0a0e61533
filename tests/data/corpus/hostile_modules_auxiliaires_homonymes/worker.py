"""Un faux module worker : s'il est importé, Python s'arrête net."""

import os

os._exit(3)
