"""DataHub Lite's own search (free text: LIKE over urns and names) on the catalog `datahub lite
import` built under $HOME, timed in process: prints {"query": p50 ms} as JSON. Arguments: queries."""
import json
import statistics
import sys
import time

from datahub.cli.lite_cli import _get_datahub_lite
from datahub.lite.lite_local import SearchFlavor

lite = _get_datahub_lite(read_only=True)
out = {}
for q in sys.argv[1:]:
    times = []
    for _ in range(15):
        t = time.perf_counter()
        results = list(lite.search(q, SearchFlavor.FREE_TEXT, snippet=False))
        times.append((time.perf_counter() - t) * 1000)
    out[q] = {"p50": statistics.median(times), "hits": len({r.id for r in results})}
print(json.dumps(out))
