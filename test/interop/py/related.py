"""DataHubGraph.get_related_entities (OpenAPI relationships, paged until an empty page): prints
[urn, relationshipType] pairs as JSON. Arguments: urn, direction, relationship types…"""
import json
import os
import sys

from datahub.ingestion.graph.client import DataHubGraph, DatahubClientConfig
from datahub.ingestion.graph.openapi import RelationshipDirection

graph = DataHubGraph(DatahubClientConfig(server=os.environ["DATAHUB_GMS_URL"], token=os.environ.get("DATAHUB_GMS_TOKEN")))
urn, direction, *types = sys.argv[1:]
related = graph.get_related_entities(urn, types, RelationshipDirection(direction))
print(json.dumps([[r.urn, r.relationship_type] for r in related]))
