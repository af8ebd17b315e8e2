"""Reads through DataHubGraph: get_aspect, exists, get_entity_semityped, execute_graphql (a query
and a mutation). Prints the results as JSON."""
import json
import os
import sys

import datahub.metadata.schema_classes as m
from datahub.ingestion.graph.client import DataHubGraph, DatahubClientConfig

urn = sys.argv[1]
graph = DataHubGraph(DatahubClientConfig(server=os.environ["DATAHUB_GMS_URL"], token=os.environ.get("DATAHUB_GMS_TOKEN")))

props = graph.get_aspect(urn, m.DatasetPropertiesClass)
schema = graph.get_aspect(urn, m.SchemaMetadataClass)
owners = graph.get_aspect(urn, m.OwnershipClass)
missing = graph.get_aspect(urn, m.StatusClass)
semityped = graph.get_entity_semityped(urn)
query = graph.execute_graphql(
    'query q($urn: String!) { dataset(urn: $urn) { properties { description } tags { tags { tag { name } } } deprecation { deprecated note } } }',
    variables={"urn": urn},
)
mutation = graph.execute_graphql(
    'mutation { updateDescription(input: { description: "from execute_graphql", resourceUrn: "%s", subResourceType: DATASET_FIELD, subResource: "email" }) }' % urn
)
try:
    graph.execute_graphql('{ dataset(urn: "urn:li:dataset:(urn:li:dataPlatform:hive,nope,PROD)") { urn } }')
    graphql_error = None
except Exception as e:  # GraphError carries the server's errors
    graphql_error = str(e)

print(json.dumps({
    "description": props.description if props else None,
    "customProperties": props.customProperties if props else None,
    "fieldTypes": [type(f.type.type).__name__ for f in schema.fields] if schema else None,
    "owners": [[o.owner, o.type] for o in owners.owners] if owners else None,
    "statusMissing": missing is None,
    "exists": graph.exists(urn),
    "existsMissing": graph.exists("urn:li:dataset:(urn:li:dataPlatform:hive,nope,PROD)"),
    "semitypedAspects": sorted(semityped.keys()),
    "semitypedDeprecationNote": semityped["deprecation"].note if "deprecation" in semityped else None,
    "query": query,
    "mutation": mutation,
    "graphqlError": graphql_error,
}))
