"""Reads a dataset through the newer DataHubClient (datahub.sdk). Prints what it returned."""
import json
import os
import sys

from datahub.sdk import DataHubClient, DatasetUrn

urn = sys.argv[1]
client = DataHubClient(server=os.environ["DATAHUB_GMS_URL"], token=os.environ.get("DATAHUB_GMS_TOKEN"))
ds = client.entities.get(DatasetUrn.from_string(urn))
print(json.dumps({
    "urn": str(ds.urn),
    "description": ds.description,
    "tags": [str(t.tag) for t in (ds.tags or [])],
    "owners": [str(o.owner) for o in (ds.owners or [])],
    "fields": [f.field_path for f in ds.schema],
}))
