"""trace_events: the trace-event JSON checks the pipeline's (pipeline.sh) and the grid's (grid_cli.sh, report.sh)
timeline tests share: the Chrome / Perfetto "JSON Object Format" as gridnoc writes it."""
import json


def load(path):
    """The events of a trace-event JSON file, each checked: names and integer pid / tid; X boxes (compute, send)
    with ts and dur >= 0; i instants with a scope; M events naming or ordering tracks."""
    d = json.load(open(path))
    assert d["displayTimeUnit"] in ("ms", "ns")
    for e in d["traceEvents"]:
        assert isinstance(e["name"], str) and isinstance(e["pid"], int) and isinstance(e["tid"], int), e
        assert e["ph"] in ("X", "i", "M"), e
        if e["ph"] == "X":
            assert e["ts"] >= 0 and e["dur"] >= 0 and e["cat"] in ("compute", "send"), e
        if e["ph"] == "i":
            assert e["s"] in ("t", "g", "p") and e["ts"] >= 0, e
        if e["ph"] == "M":
            assert e["name"] in ("process_name", "thread_name", "process_sort_index", "thread_sort_index"), e
    return d["traceEvents"]
