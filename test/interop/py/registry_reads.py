"""Writes aspects with DataHub's client classes and reads each back with DataHubGraph.get_aspect(urn,
<class>), which finds the value only under the schema name the class carries. Takes one JSON
argument: [{"urn", "write": [[aspectName, value], ...], "read": aspectName}, ...]; each value is
built with its class's from_obj, so the client's own schema checks it. Prints, per case, the read
aspect's name, its class's schema name, the value written (to_obj, when the case wrote it) and the
value read (to_obj), or the client's error."""
import json
import os
import sys

from datahub.emitter.mcp import MetadataChangeProposalWrapper
from datahub.ingestion.graph.client import DataHubGraph, DatahubClientConfig
from datahub.metadata.schema_classes import ASPECT_NAME_MAP

cases = json.loads(sys.argv[1])
graph = DataHubGraph(DatahubClientConfig(server=os.environ["DATAHUB_GMS_URL"], token=os.environ.get("DATAHUB_GMS_TOKEN")))

out = []
for case in cases:
    written = {}
    for name, value in case["write"]:
        aspect = ASPECT_NAME_MAP[name].from_obj(value)
        written[name] = aspect.to_obj()
        graph.emit_mcp(MetadataChangeProposalWrapper(entityUrn=case["urn"], aspect=aspect))
    cls = ASPECT_NAME_MAP[case["read"]]
    row = {"aspect": case["read"], "schema": cls.RECORD_SCHEMA.fullname.replace(".pegasus2avro", ""), "written": written.get(case["read"])}
    try:
        got = graph.get_aspect(case["urn"], cls)
        row["value"] = got.to_obj() if got else None
    except Exception as e:  # the client's "Failed to find <fqn> in response …"
        row["error"] = str(e)[:300]
    out.append(row)
graph.close()
print(json.dumps(out))
