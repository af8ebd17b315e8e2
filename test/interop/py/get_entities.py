"""DataHubGraph.get_entities (OpenAPI v3 batchGet, typed aspects): prints, per urn returned, each
aspect's Python class, a few of its fields and whether system metadata came with it, as JSON.
Arguments: entity type, then urns; the aspects asked for come from the ASPECTS env variable
(comma-separated; unset = all aspects); SYSTEM_METADATA=true asks for system metadata."""
import json
import os
import sys

from datahub.ingestion.graph.client import DataHubGraph, DatahubClientConfig

graph = DataHubGraph(DatahubClientConfig(server=os.environ["DATAHUB_GMS_URL"], token=os.environ.get("DATAHUB_GMS_TOKEN")))
entity_type, *urns = sys.argv[1:]
aspects = [a for a in os.environ.get("ASPECTS", "").split(",") if a] or None
with_system_metadata = os.environ.get("SYSTEM_METADATA") == "true"

result = graph.get_entities(entity_type, urns, aspects=aspects, with_system_metadata=with_system_metadata)


def summary(aspect):
    if hasattr(aspect, "owners"):
        return sorted([o.owner, o.type] for o in aspect.owners)
    if hasattr(aspect, "description"):
        return aspect.description
    if hasattr(aspect, "tags"):
        return sorted(t.tag for t in aspect.tags)
    return None


print(json.dumps({
    urn: {
        name: {
            "class": type(aspect).__name__,
            "summary": summary(aspect),
            "systemMetadata": system_metadata is not None and system_metadata.lastObserved is not None,
        }
        for name, (aspect, system_metadata) in sorted(aspects_of.items())
    }
    for urn, aspects_of in result.items()
}))
