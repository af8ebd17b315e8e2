"""Runs mcp-server-datahub's document and query tools in process against the server in
DATAHUB_GMS_URL: save_document (as an agent saves an insight), grep_documents over it, and
get_dataset_queries for a dataset and for one of its columns. Prints what the tools returned."""
import json
import os
import sys

from datahub.sdk import DataHubClient
from mcp_server_datahub.graphql_helpers import with_datahub_client
from mcp_server_datahub.tools.dataset_queries import get_dataset_queries
from mcp_server_datahub.tools.documents import grep_documents
from mcp_server_datahub.tools.save_document import save_document

dataset, column = sys.argv[1], sys.argv[2]
client = DataHubClient(server=os.environ["DATAHUB_GMS_URL"], token=os.environ.get("DATAHUB_GMS_TOKEN"))
with with_datahub_client(client):
    saved = save_document(
        document_type="Insight",
        title="Sign-up pattern",
        content="Sign-ups peak on Mondays.",
        related_assets=[dataset],
        topics=["growth"],
    )
    grep = grep_documents(urns=[saved["urn"]], pattern="Mondays")
    by_dataset = get_dataset_queries(urn=dataset)
    by_column = get_dataset_queries(urn=dataset, column=column, source="MANUAL")
print(json.dumps({"saved": saved, "grep": grep, "by_dataset": by_dataset, "by_column": by_column}))
