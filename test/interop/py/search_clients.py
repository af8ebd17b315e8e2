"""DataHub's search clients against our server: DataHubGraph.get_urns_by_filter (scroll, small
batches, platform/env/status filters and a query), DataHubClient.search.get_urns with FilterDsl
(entity type, platform, tag, not, or). Prints one JSON object with every answer (urns sorted)."""
import json
import os

from datahub.ingestion.graph.client import DataHubGraph, DatahubClientConfig
from datahub.ingestion.graph.filters import RemovedStatusFilter
from datahub.sdk import DataHubClient
from datahub.sdk.search_filters import FilterDsl as F

server = os.environ["DATAHUB_GMS_URL"]
graph = DataHubGraph(DatahubClientConfig(server=server, token=os.environ.get("DATAHUB_GMS_TOKEN")))
client = DataHubClient(server=server, token=os.environ.get("DATAHUB_GMS_TOKEN"))

out = {
    "all_datasets": sorted(graph.get_urns_by_filter(entity_types=["dataset"], batch_size=2)),
    "hive": sorted(graph.get_urns_by_filter(entity_types=["dataset"], platform="hive", batch_size=1)),
    "prod_query": sorted(graph.get_urns_by_filter(entity_types=["dataset"], env="PROD", query="users")),
    "only_deleted": sorted(graph.get_urns_by_filter(status=RemovedStatusFilter.ONLY_SOFT_DELETED)),
    "users": sorted(graph.get_urns_by_filter(entity_types=["corpuser"])),
    "sdk_platform": sorted(str(u) for u in client.search.get_urns(filter=F.and_(F.entity_type("dataset"), F.platform("kafka")))),
    "sdk_tag": sorted(str(u) for u in client.search.get_urns(filter=F.tag("urn:li:tag:Legacy"))),
    "sdk_not": sorted(str(u) for u in client.search.get_urns(filter=F.and_(F.entity_type("dataset"), F.not_(F.platform("hive"))))),
    "sdk_or": sorted(str(u) for u in client.search.get_urns(filter=F.or_(F.platform("kafka"), F.platform("hdfs")))),
    "sdk_query": sorted(str(u) for u in client.search.get_urns(query="deleted")),
}
print(json.dumps(out))
