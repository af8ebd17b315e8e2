"""Saves documents the way mcp-server-datahub's save_document does (datahub.sdk.Document +
DataHubClient.entities.upsert), then reads them back through entities.get and GraphQL. Prints what
it read."""
import json
import os
import sys

from datahub.sdk import DataHubClient, Document

dataset = sys.argv[1]
client = DataHubClient(server=os.environ["DATAHUB_GMS_URL"], token=os.environ.get("DATAHUB_GMS_TOKEN"))

folder = Document.create_document(id="shared-walk", title="Shared", text="Agent documents", subtype="Folder")
client.entities.upsert(folder)
doc = Document.create_document(
    id="insight-1",
    title="Draft title",
    text="# Insight\n\nSign-ups peak on Mondays.",
    subtype="Insight",
    parent_document="urn:li:document:shared-walk",
    related_assets=[dataset],
    owners=["urn:li:corpuser:jdoe"],
    tags=["urn:li:tag:Legacy"],
    custom_properties={"author": "agent"},
)
client.entities.upsert(doc)

# An edit of a stored document: read, change, write back (entities.update).
edited = client.entities.get("urn:li:document:insight-1")
edited.set_title("Users table insight")
edited.add_related_asset(sys.argv[2])
client.entities.update(edited)
# entities.create refuses an existing urn and otherwise writes CREATE_ENTITY + CREATE proposals.
client.entities.create(Document.create_document(id="insight-2", title="Second", text="Created, not upserted"))

read = client.entities.get("urn:li:document:insight-1")
gql = client._graph.execute_graphql(
    """query($urn: String!, $ds: String!) {
      document(urn: $urn) { subType info { title contents { text } parentDocument { document { urn } } status { state } } }
      dataset(urn: $ds) { relatedDocuments(input: {}) { total documents { urn info { title } } } }
      second: document(urn: "urn:li:document:insight-2") { info { title contents { text } } }
    }""",
    variables={"urn": "urn:li:document:insight-1", "ds": dataset},
)
print(json.dumps({
    "urn": str(read.urn),
    "title": read.title,
    "text": read.text,
    "parent": read.parent_document,
    "related_assets": read.related_assets,
    "status": read.status,
    "custom_properties": read.custom_properties,
    "graphql": gql,
}))
